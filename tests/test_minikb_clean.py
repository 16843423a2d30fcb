from minikb import MiniKB


def test_the_fixture_knowledge_base_is_clean(mini: MiniKB) -> None:
    # every rule's "does not fire" case starts here: the fixture uses every kind of file and reference
    assert mini.check() == []


def test_fixture_loads_cross_linked(mini: MiniKB) -> None:
    from canimcp import load_kb

    kb = load_kb(mini.root)
    assert kb.revision_order == ["2024-11-05", "2025-06-18", "2025-11-25"]
    assert kb.statements("alpha", "roots")[0].state == "yes"
    assert kb.find_client("alpha-mcp-client") is kb.clients["alpha"]
    assert kb.find_client("ALPHA-CLI") is kb.clients["alpha"]
    assert kb.find_feature("elicit") is kb.features["elicitation"]
    assert [n.id for n in kb.related_notes("alpha-roots")] == ["alpha-elicitation"]
    assert kb.features["roots"].category == "client-capabilities"
    assert not kb.features["elicitation"].in_revision("2024-11-05", kb.revision_order)
    assert kb.features["elicitation"].in_revision("2025-11-25", kb.revision_order)
