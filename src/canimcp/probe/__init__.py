"""The probe: an MCP server that records byte-for-byte what a connecting client declares, then tests what it
does (scenarios), on stdio, Streamable HTTP and HTTP+SSE, in the handshake and stateless eras."""
