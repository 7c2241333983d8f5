"""Labelled items of a paste (hive/understanding/pasted_items.py)."""

from hive.understanding.pasted_items import asks_of_each, items_of, listed_in_words


def _items(query: str, pasted: str) -> list[str]:
    start = query.index(pasted)
    return [query[s:e] for s, e in items_of(query, start, start + len(pasted))]


def test_labelled_items_are_split_and_their_labels_dropped():
    paste = "Item 1:\nThe library app is out.\n\nItem 2:\nBus fares rise in January."
    assert _items("Summarise each:\n\n" + paste, paste) == ["The library app is out.", "Bus fares rise in January."]
    paste = "Plan A text: Plan A costs 12 a month.\n\nPlan B text: Plan B costs 20 a month."
    assert _items("Answer for each.\n\n" + paste, paste) == ["Plan A costs 12 a month.", "Plan B costs 20 a month."]


def test_a_first_label_read_as_the_paste_s_opener_still_counts():
    query = "Translate both.\n1: Der Hund schläft.\n2: Il cane dorme."
    assert _items(query, "Der Hund schläft.\n2: Il cane dorme.") == ["Der Hund schläft.", "Il cane dorme."]


def test_labels_out_of_sequence_or_prose_are_not_a_list():
    paste = "1. Preheat the oven.\n3. Bake for an hour."
    assert _items("Summarise each step:\n" + paste, paste) == []  # 1 then 3
    paste = "The plan is simple. A: we wait. Then we go."
    assert _items("Summarise each: " + paste, paste) == []
    paste = "Draft 1: I promise to laugh.\nVersion 2: I promise to share."
    assert _items("Compare each: " + paste, paste) == []  # two kinds of label


def test_each_is_asked_only_by_words_that_say_so():
    assert asks_of_each("Summarise each of these two news items separately.")
    assert asks_of_each("Translate both into English.")
    assert not asks_of_each("Summarise this recipe: ____________")


def test_items_listed_among_the_person_s_words_run_to_their_line_s_end():
    words = "Two reviews:\nA) El hotel estaba limpio.\nB) L'hôtel était propre.\nTranslate both to English."
    assert [words[s:e] for s, e in listed_in_words(words)] == ["El hotel estaba limpio.", "L'hôtel était propre."]
    assert listed_in_words("Two reviews:\nA) El hotel estaba limpio.\nTranslate it.") == []  # one item is no list


def test_each_model_or_step_asks_nothing_of_items():
    """'limits: every model under 1B params' below a numbered list of steps had made the steps texts to work on."""
    assert not asks_of_each("limits: every model under 1B params.")
    assert not asks_of_each("the same licence for both steps; each of the models must be small; max size (both): 400M")
    assert asks_of_each("Summarise every review below.")
