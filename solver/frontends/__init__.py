"""The front ends: the command line (:mod:`.cli`), the jobs it shares with the protocol and
batches (:mod:`.commands`), the JSON-lines server (:mod:`.serve`) and its Python client
(:mod:`.client`), batches (:mod:`.batch`), reports (:mod:`.report`) and text output
(:mod:`.output`). The only importers of click and rich."""
