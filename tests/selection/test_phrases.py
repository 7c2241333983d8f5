"""Constraints read from the words of a request (hive/selection/phrases.py)."""

from __future__ import annotations

import pytest

from hive.selection.phrases import constraint_phrases, read_constraints


@pytest.mark.parametrize("text, expected", [
    ("only Apache-2.0 or MIT models", {"licences": ["apache-2.0", "mit"]}),
    ("no non-commercial licences", {"deny_licences": ["non-commercial"]}),
    ("the smallest model", {"smallest": True}),
    ("best WER on Common Voice English", {"best_on": {"dataset": "Common Voice", "config": "en", "metric": "wer"}}),
    ("under 1B parameters", {"max_parameters": 1_000_000_000}),
    ("English models", {"languages": ["en"]}),
    ("more than 10k downloads", {"min_downloads": 10_000}),
    ("offline models only", {"local_only": True}),
    ("models usable for commercial use", {"deny_licences": ["non-commercial"]}),
    ("Das Essen mit Freunden", {}),
])
def test_constraints_are_read_from_the_request(text, expected):
    assert read_constraints(text)[0] == expected


@pytest.mark.parametrize("text, expected", [
    ("Apache-2.0 models under 300M parameters, best WER on LibriSpeech",
     {"licences": ["apache-2.0"], "max_parameters": 300_000_000, "best_on": {"dataset": "LibriSpeech", "config": None, "metric": "wer"}}),
    ("the lowest-WER model on LibriSpeech test-clean", {"best_on": {"dataset": "LibriSpeech test-clean", "config": None, "metric": "wer"}}),
    # the words after a dataset that choose among the models are no part of its name
    ("accuracy: lowest WER on LibriSpeech test-clean among eligible models",
     {"best_on": {"dataset": "LibriSpeech test-clean", "config": None, "metric": "wer"}}),
    ("based on best performance on speech recognition on common voice english",
     {"best_on": {"dataset": "common voice", "config": "en", "metric": None}}),
    ("the best word error rate on LibriSpeech", {"best_on": {"dataset": "LibriSpeech", "config": None, "metric": "wer"}}),
    # the rate left unsaid; a dataset pointed at ("that beans dataset")
    ("whichever model has the lowest word error on LibriSpeech clean.", {"best_on": {"dataset": "LibriSpeech clean", "config": None, "metric": "wer"}}),
    ("the best accuracy on that beans leaf-disease dataset", {"best_on": {"dataset": "beans leaf-disease dataset", "config": None, "metric": "accuracy"}}),
    ("the best accuracy on this laptop", {}),
    # a metric after a ranking field; a table cell ends a dataset's name
    ("rank_by: ROUGE-L on CNN/DailyMail", {"best_on": {"dataset": "CNN/DailyMail", "config": None, "metric": "rougel"}}),
    ("| transcript | lowest WER on LibriSpeech clean test |", {"best_on": {"dataset": "LibriSpeech clean test", "config": None, "metric": "wer"}}),
    # a favourite is the most liked, unless its downloads are named beside it
    ("the reader should be the community favourite", {"rank_by": "likes"}),
    ("I heard the one which many people give a like is good, so please that one", {"rank_by": "likes"}),  # dev23
    ("use the crowd favourite (most downloads)", {"rank_by": "downloads"}),
    ("What I do NOT want: anything non-commercial.", {"deny_licences": ["non-commercial"]}),
    # a language refused right before it is no language of the model
    ("has 2 be an actual german voice not some english one", {"languages": ["de"]}),
    ("no English models, only a German one", {"languages": ["de"]}),
    # a leaderboard names its dataset; a split may close the clause after the metric and dataset
    ("Transcriber: whatever's top of the LibriSpeech leaderboard for word error rate, clean test set.",
     {"best_on": {"dataset": "LibriSpeech clean test set", "config": None, "metric": "wer"}}),
    ("Use the model topping the SQuAD 2.0 leaderboard.", {"best_on": {"dataset": "SQuAD 2.0", "config": None, "metric": None}}),
    ("top models on the leaderboard", {}),
    ("the lowest WER on LibriSpeech, test it on my file", {"best_on": {"dataset": "LibriSpeech", "config": None, "metric": "wer"}}),
    ("nothing copyleft please", {"deny_licences": ["copyleft"]}),
    ("Creative Commons licensed models only", {"licences": ["creative-commons"]}),
    ("the most popular one", {"rank_by": "downloads"}),
    ("the best rated model", {"rank_by": "likes"}),
    ("downloaded at least a million times", {"min_downloads": 1_000_000}),
    ("keep it below half a billion parameters", {"max_parameters": 500_000_000}),
    ("300M parameters max", {"max_parameters": 300_000_000}),
    ("an English-capable model", {"languages": ["en"]}),
    ("a chatbot that converses in Chinese", {"languages": ["zh"]}),
    ("use a German-language summariser", {"languages": ["de"]}),
    ("the model with the fewest params", {"smallest": True}),
    ("the most compact one", {"smallest": True}),
    ("the best-performing model on SST-2", {"best_on": {"dataset": "SST-2", "config": None, "metric": None}}),
    ("the model with the best exact match score on SQuAD v2", {"best_on": {"dataset": "SQuAD v2", "config": None, "metric": "exact_match"}}),
    ("sorted by downloads", {"rank_by": "downloads"}),
    ("the most popular by likes", {"rank_by": "likes"}),
    ("no bigger than 200M params", {"max_parameters": 200_000_000}),
    ("pick a recogniser that supports Spanish", {"languages": ["es"]}),
    ("an English voice, please", {"languages": ["en"]}),
    ("summarise this English article", {}),
    ("translate it into English within 5 minutes", {}),
    ("don't use anything under GPL-3.0 or AGPL-3.0", {"deny_licences": ["gpl-3.0", "agpl-3.0"]}),
    # a 'but' or a requirement after the refusing word starts a clause of its own (a new user's voice had refused MIT)
    ("the voice can be anything but it has to be MIT or Apache", {"licences": ["mit", "apache-2.0"]}),
    ("I don't mind the size but it must be MIT", {"licences": ["mit"]}),
    ("nothing but MIT models", {"licences": ["mit"]}),
    ("anything but GPL-3.0", {"deny_licences": ["gpl-3.0"]}),
    ("avoiding non-commercial licences", {"deny_licences": ["non-commercial"]}),
    ("keep copyleft licences out", {"deny_licences": ["copyleft"]}),
    ("the top ROUGE-2 on CNN/DailyMail version 3.0.0 (test)",
     {"best_on": {"dataset": "CNN/DailyMail version 3.0.0 test", "config": None, "metric": "rouge2"}}),
    # commercial use said by the person's situation; the licence its sentence names is the limit it is the reason for
    ("My channel have monetization, it make money for me.", {"deny_licences": ["non-commercial"]}),
    ("It goes into something people pay for.", {"deny_licences": ["non-commercial"]}),
    ("This is paid work for that client.", {"deny_licences": ["non-commercial"]}),
    ("We're designing a card game to sell on Kickstarter.", {"deny_licences": ["non-commercial"]}),
    ("As I sell these, I want an Apache model.", {"licences": ["apache-2.0"]}),
    ("We paid for a reminder app before and it was useless.", {}),
    ("Which day did we sell the most croissants?", {}),
    ("It's for my thesis, I will not make money with it.", {}),
    # a licence the models applied to the data must carry is theirs; one the data carries is not a limit
    ("any pre-trained model applied to participant data must be released under Apache-2.0 or MIT",
     {"licences": ["apache-2.0", "mit"]}),
    ("the models run on our data, which must be released under CC-BY", {}),
    ("entity tagger downloads: >= 50,000", {"min_downloads": 50_000}),  # a field named after its step
    ("the most-downloaded model please", {"rank_by": "downloads"}),
    ("if there's a choice, the popular pick by download numbers", {"rank_by": "downloads"}),
    # copyleft said by what it would do to the person's own work
    ("legal won't sign off on any model whose licence would oblige us to share our code or derivatives under the same terms",
     {"deny_licences": ["copyleft"]}),
    ("Nothing that forces us to open-source our app.", {"deny_licences": ["copyleft"]}),
    # practitioners' notation: scientific counts, "sub-", operators, identifiers, "argmin", "by hub likes"
    ("summarizer: params <= 3.5e8", {"max_parameters": 350_000_000}),
    ("downloads >= 1e5", {"min_downloads": 100_000}),
    # a count said by how many digits it has
    ("has at least a four-figure download count", {"min_downloads": 1_000}),
    ("six-figure downloads or more", {"min_downloads": 100_000}),
    ("a six-figure budget", {}),
    ("a sub-1B summarizer", {"max_parameters": 1_000_000_000}),
    ("size < 5e8 bytes", {"max_bytes": 500_000_000}),
    ("license != cc-by-nc-*", {"deny_licences": ["non-commercial"]}),
    ("OSI-approved only", {"licences": ["permissive"]}),
    ("argmin WER on librispeech test-clean", {"best_on": {"dataset": "librispeech test-clean", "config": None, "metric": "wer"}}),
    ("sort by hub likes desc, take top-1", {"rank_by": "likes"}),
    ("the 2e3 files", {}),
    ("its card has to list `es` as a language", {"languages": ["es"]}),
    # a range's upper end caps the size; a metric's dataset in brackets right after it
    ("params: 125M–350M", {"max_parameters": 350_000_000}),
    ("between 100M and 300M params", {"max_parameters": 300_000_000}),
    ("a 3-5 page summary", {}),
    ("highest F1 (CoNLL-2003)", {"best_on": {"dataset": "CoNLL-2003", "config": None, "metric": "f1"}}),
    ("WER (LibriSpeech test-clean) should be minimal",
     {"best_on": {"dataset": "LibriSpeech test-clean", "config": None, "metric": "wer"}}),
    ("highest F1 (macro)", {}),
    ("highest-rated on HF", {"rank_by": "likes"}),  # the hub is no dataset
    ("on-prem only", {"local_only": True}),
    ("TTS license in {mit, apache-2.0}", {"licences": ["mit", "apache-2.0"]}),
    ("it goes on an air-gapped box", {"local_only": True}),
    ("transcriber: min(param_count).", {"smallest": True}),
    ("fp32 weights, so at most ~4.03e8 params", {"max_parameters": 403_000_000}),
    # a licence in a relative clause about a refused licence noun is refused, however long the clause
    ("the board ruled that no tool in the chain may carry a licence that bars commercial use or one that makes "
     "derivatives share alike", {"deny_licences": ["non-commercial", "copyleft"]}),
    ("any licence that is share-alike will do", {"licences": ["copyleft"]}),
    # popularity said by its count; a dataset's name ends before a verb
    ("among those, the one with the biggest like count", {"rank_by": "likes"}),
    ("whatever scores highest on ROUGE-L for SAMSum gets the job",
     {"best_on": {"dataset": "SAMSum", "config": None, "metric": "rougel"}}),
    # a metric measured on a benchmark named before ("called") and referred to ("on it")
    ("There's a dataset named GTZAN. Take the best accuracy on that one.",
     {"best_on": {"dataset": "GTZAN", "config": None, "metric": "accuracy"}}),
    ("the best accuracy on it", {}),
    # a metric after "on" is the metric, and the dataset comes later
    ("the one that scores highest on ROUGE for the PubMed part of the scientific-papers benchmark",
     {"best_on": {"dataset": "PubMed part of the scientific-papers benchmark", "config": None, "metric": "rouge"}}),
    ("the model that scores best on BookSum (ROUGE, test split), please",
     {"best_on": {"dataset": "BookSum ROUGE test split", "config": None, "metric": None}}),
    # values first, their role from the words around them
    ("I can only use Apache or MIT stuff", {"licences": ["apache-2.0", "mit"]}),
    ("GPL and AGPL are both out", {"deny_licences": ["gpl-2.0", "gpl-3.0", "agpl-3.0"]}),
    ("we sell the output, so it must be commercially safe", {"deny_licences": ["non-commercial"]}),
    ("whatever we ship has to be commercially licensable", {"deny_licences": ["non-commercial"]}),
    ("legal is worried about AGPL", {"deny_licences": ["agpl-3.0"]}),
    ("Both the chatting and the speaking have to work in German.", {"languages": ["de"]}),
    ("I've read the RAIL licences and don't want their rules on what I sell, so skip any model under one of those.",
     {"deny_licences": ["openrail"]}),
    ("share-alike is OK, non-commercial is not", {"deny_licences": ["non-commercial"]}),  # a concession, and a refusal
    ("The voice has to be an actual German voice - an English one reading German is useless to me.", {"languages": ["de"]}),
    ("Apache-2.0 please, but skip anything under those research-only terms.",
     {"licences": ["apache-2.0"], "deny_licences": ["non-commercial"]}),
    ("I need both the summary and the translation so my dad can read German.", {}),
    ("a short scene for a coffee commercial", {}),
    ("whichever translator has been downloaded the most", {"rank_by": "downloads"}),
    ("the lowest error rate on LibriSpeech", {"best_on": {"dataset": "LibriSpeech", "config": None, "metric": "wer"}}),
    ("pick the one that does best on SQuAD v2 exact match", {"best_on": {"dataset": "SQuAD v2", "config": None, "metric": "exact_match"}}),
    ("the best LibriSpeech WER", {"best_on": {"dataset": "LibriSpeech", "config": None, "metric": "wer"}}),
    ("which region had the highest revenue in Q2?", {}),
    ("the least heavy model you've got", {"smallest": True}),
    ("with more than 2 million downloads, and keep it below 1.5B", {"min_downloads": 2_000_000, "max_parameters": 1_500_000_000}),
    ("the generator must be under 2GB on disk", {"max_bytes": 2_000_000_000}),
    ("a summariser for German please", {"languages": ["de"]}),
    ("my mum only understands Greek, so say it in Greek", {}),
    ("a recogniser that can handle Dutch", {"languages": ["nl"]}),
    ("Caption 10 images from my trip, top 3 first", {}),
    ("It has to run fully offline, no cloud APIs.", {"local_only": True}),
    ("which recogniser speak Portuguese, the more downloaded please", {"languages": ["pt"], "rank_by": "downloads"}),
    ("Voice model: must speak Italian", {"languages": ["it"]}),
    ("the captioner has to list French on its card", {"languages": ["fr"]}),
    ("the tagger must be Dutch-capable", {"languages": ["nl"]}),
    ("BSD or Apache for all of it", {"licences": ["bsd-2-clause", "bsd-3-clause", "bsd-3-clause-clear", "apache-2.0"]}),
    ("we install Apache servers for a living", {}),
    ("nothing NC, it must be usable commercially", {"deny_licences": ["non-commercial"]}),
    ("the tagger mustn't exceed 300M parameters", {"max_parameters": 300_000_000}),
    ("half a billion parameters or fewer", {"max_parameters": 500_000_000}),
    ("a quarter of a billion parameters at most", {"max_parameters": 250_000_000}),
    ("pick the best rouge 2 on XSum thanks", {"best_on": {"dataset": "XSum", "config": None, "metric": "rouge2"}}),
    ("the one with more likes", {"rank_by": "likes"}),
    # a bound refused turns around; "cannot" refuses a licence
    ("none of the models may go with fewer than 5k downloads", {"min_downloads": 5000}),
    ("nothing above 300M parameters", {"max_parameters": 300_000_000}),
    ("we don't need more than 1B parameters", {"max_parameters": 1_000_000_000}),
    ("not more than 2B parameters", {"max_parameters": 2_000_000_000}),
    ("neither model should be over half a billion params", {"max_parameters": 500_000_000}),
    ("the summariser shouldn't be over 300M parameters", {"max_parameters": 300_000_000}),
    ("it cannot be GPL-3.0", {"deny_licences": ["gpl-3.0"]}),
    # a licence given as the reason a model named before is refused, and one said of a model that is wanted
    ("I don't want the vennify grammar model, it's CC BY-NC-SA", {"deny_licences": ["non-commercial"]}),
    ("not pegasus, since it is under GPL-3.0", {"deny_licences": ["gpl-3.0"]}),
    ("use bart, it's MIT", {"licences": ["mit"]}),
    # languages with the subject left out or a pronoun as subject; "X only" but not "in X only"
    ("Must understand Greek, and MIT", {"languages": ["el"], "licences": ["mit"]}),
    ("- tagger: should handle Swedish", {"languages": ["sv"]}),
    ("both have to support Turkish", {"languages": ["tr"]}),
    ("small ones, Polish only", {"languages": ["pl"]}),
    ("answer in Polish only", {}),
    ("the lowest perplexity on WikiText-103", {"best_on": {"dataset": "WikiText-103", "config": None, "metric": "perplexity"}}),
    ("Forbidden licences for this job:\n1. AGPL\n2. anything non-commercial", {"deny_licences": ["agpl-3.0", "non-commercial"]}),
    ("Banned: AGPL\nAllowed: MIT", {"deny_licences": ["agpl-3.0"], "licences": ["mit"]}),  # a heading on the item's line
    ("Approved licences:\n- MIT\n- Apache 2.0", {"licences": ["mit", "apache-2.0"]}),
    ("nothing Creative Commons share-alike", {"deny_licences": ["copyleft"]}),  # the later name narrows the earlier
    ("the highest nDCG@10 on CQADupStack", {"best_on": {"dataset": "CQADupStack", "config": None, "metric": "ndcg_at_10"}}),
    ("best MAP at 100 on SciFact", {"best_on": {"dataset": "SciFact", "config": None, "metric": "map_at_100"}}),
    ("the lowest validation loss on wikitext", {"best_on": {"dataset": "wikitext", "config": None, "metric": "loss"}}),
    ("nothing GPL", {"deny_licences": ["gpl-2.0", "gpl-3.0", "agpl-3.0"]}),  # a bare family name refused: every version, and the AGPL
    ("GPL is fine", {"licences": ["gpl-2.0", "gpl-3.0"]}),  # allowed: the GPL's own versions only
    ("All models MIT or BSD.", {"licences": ["mit", "bsd-2-clause", "bsd-3-clause", "bsd-3-clause-clear"]}),  # every BSD
    ("CC-BY models only", {"licences": ["cc-by-2.0", "cc-by-3.0", "cc-by-4.0"]}),  # every version of the attribution licence
    ("no GPL-3.0 models", {"deny_licences": ["gpl-3.0"]}),  # a versioned id: only itself
    ("It must support Czech.", {"languages": ["cs"]}),
    ("for the voice, the most liked Italian one", {"rank_by": "likes", "languages": ["it"]}),
    ("answer in English, one line", {}),
    ("the top Spearman on STS Benchmark", {"best_on": {"dataset": "STS Benchmark", "config": None, "metric": "cos_sim_spearman"}}),
    # a requirements list's fields; language codes where only a language can stand; licence ids however hyphenated
    ("licence: MIT\nmin downloads: 100k\nlanguage: en", {"licences": ["mit"], "min_downloads": 100_000, "languages": ["en"]}),
    ("requirements:\n- params: <300M\n- downloads: 50k\n- lang=de",
     {"max_parameters": 300_000_000, "min_downloads": 50_000, "languages": ["de"]}),
    ("max size: 1B", {"max_parameters": 1_000_000_000}),
    ("license: Apache-2.0\ndownloads: 50k", {"licences": ["apache-2.0"], "min_downloads": 50_000}),  # no count across lines
    ("a Korean (ko) model", {"languages": ["ko"]}),
    ("- translator must list zh", {"languages": ["zh"]}),
    ("The model must be Spanish.", {"languages": ["es"]}),
    ("The voice has to be a German speaker, naturally.", {"languages": ["de"]}),
    ("The summary must be German.", {}),  # a result, not a model
    ("The output must be in English.", {}),
    ("the transcript must list it word for word", {}),
    ("creativeml openrail-m is fine", {"licences": ["creativeml-openrail-m"]}),
    ("the upscaler has to be apache.", {"licences": ["apache-2.0"]}),
    ("the summariser runs on the mit cluster", {}),
    ("we ship an open-source app, so anything share-alike (CC-BY-SA) is fine", {"licences": ["copyleft"]}),
    ("open-source models only", {"licences": ["permissive"]}),
    ("my German colleague sent a voice note, what is it about?", {}),  # a voice note is a recording, not a voice model
    ("I need a German voice for this", {"languages": ["de"]}),
    ("All three parts must work in Russian.", {"languages": ["ru"]}),  # the plan's parts as the subject
    ("the QA model has to read Japanese directly", {"languages": ["ja"]}),
    # "out" refuses only as a predicate ("GPL is out"), not as a verb's particle ("pick out the people")
    ("Is there an MIT-licensed model that can pick out the people in it?", {"licences": ["mit"]}),
    ("GPL's out, obviously", {"deny_licences": ["gpl-2.0", "gpl-3.0", "agpl-3.0"]}),
    ("AGPL is out.", {"deny_licences": ["agpl-3.0"]}),
    ("keep copyleft licences out of it", {"deny_licences": ["copyleft"]}),
    # a refusal as a phrasal verb: Legal's ruling had been read as allowing the GPL and the AGPL
    ("Legal has ruled out any model released under GPL or AGPL terms.", {"deny_licences": ["gpl-2.0", "gpl-3.0", "agpl-3.0"]}),
    ("leave out anything non-commercial", {"deny_licences": ["non-commercial"]}),
    # a refusal carried on by "as are"; the licence the person's own data will carry is no limit on the models
    ("Non-commercial models are excluded, as are share-alike licences, so that derived data can be released under CC BY.",
     {"deny_licences": ["non-commercial", "copyleft"]}),
    ("we release the derived dataset under the MIT licence, so use Apache models", {"licences": ["apache-2.0"]}),
    ("a model published under the MIT licence", {"licences": ["mit"]}),
    # a licence said to be fine beside a 'but' is a concession, not a limit, unless another licence is allowed outright
    ("Read the poem aloud; CC-BY is fine but nothing non-commercial.", {"deny_licences": ["non-commercial"]}),
    ("Apache or MIT; CC-BY is fine but nothing NC.",
     {"licences": ["apache-2.0", "mit", "cc-by-2.0", "cc-by-3.0", "cc-by-4.0"], "deny_licences": ["non-commercial"]}),
    ("MIT licence is fine, nothing else", {"licences": ["mit"]}),
    # the person's own use is no limit; "unless" refuses; a refusal reaches a licence named after a long phrase
    ("hobby project, purely non-commercial so licences aren't an issue for me", {}),
    ("It's for a non-commercial project, so MIT is fine", {"licences": ["mit"]}),
    ("It is only for non-commercial use, so MIT is fine", {"licences": ["mit"]}),
    ("so nothing restricted to non-commercial use", {"deny_licences": ["non-commercial"]}),  # refused, not the person's use
    # a licence's own wording in words ("only for non-commercial") is no use of the person's; "zero" refuses
    ("The voice cannot have a licence of the type only for non-commercial.", {"deny_licences": ["non-commercial"]}),
    ("we are a business so ZERO NC licences anywhere pls", {"deny_licences": ["non-commercial"]}),
    ("zero-shot labels from an Apache model", {"licences": ["apache-2.0"]}),
    # the licence of the person's own work, said with its subject or with "we" releasing it, limits no model (new user)
    ("Our app itself is released under GPL-3.0, but that has nothing to do with the models. Use only MIT models.", {"licences": ["mit"]}),
    ("Our own code is GPL-3.0, but the models have to be MIT.", {"licences": ["mit"]}),
    ("Our repository is licensed under GPL-3.0.", {}),
    ("I'm collecting these for my thesis, which will be published under CC-BY-4.0.", {}),
    ("We publish the answers under CC-BY-4.0.", {}),
    ("Our models must be Apache-2.0.", {"licences": ["apache-2.0"]}),
    ("My publisher insists the image model is Apache 2.0 licensed, nothing else.", {"licences": ["apache-2.0"]}),
    ("Our robotics club's repo is Apache-2.0, but the club rule for third-party weights is stricter: MIT only.", {"licences": ["mit"]}),
    ("our council's portal publishes everything under CC-BY-SA, so the transcript will end up there", {}),
    ("our glass-plate collection, about 4,000 plates, is in the public domain", {}),
    # a licence a thing had in the past is history; being wary of a licence refuses it
    ("last year we used some YOLOv5 thing that was GPL and legal hated it, so permissive licence only this time",
     {"licences": ["permissive"]}),
    ("our board is wary of share-alike terms", {"deny_licences": ["copyleft"]}),
    # a refusing word in an earlier sentence heads no colon's list after it; the data's own licence is the person's
    ("The corpus itself is CC-BY-NC and never leaves the lab. Here's one: ___. Pick the best one, provided it has a "
     "permissive licence.", {"licences": ["permissive"]}),
    ("Never allowed: GPL. Please use MIT", {"deny_licences": ["gpl-2.0", "gpl-3.0", "agpl-3.0"], "licences": ["mit"]}),
    # every licence the graph's licence table knows is a name people may use (a new user's WTFPL had been dropped)
    ("Only WTFPL models.", {"licences": ["wtfpl"]}),
    ("The licence must be Unlicense.", {"licences": ["unlicense"]}),
    ("an LGPL-2.1 model, nothing under EPL-2.0", {"licences": ["lgpl-2.1"], "deny_licences": ["epl-2.0"]}),
    ("ISC licence only", {"licences": ["isc"]}),
    ("compress it with zlib first", {}),
    ("Use the most liked model, unless its licence is non-commercial, then skip to the next one.",
     {"rank_by": "likes", "deny_licences": ["non-commercial"]}),
    ("Nothing in our stack under that Stable Diffusion-style RAIL licence, ok?", {"deny_licences": ["openrail"]}),
    ("creativeml openrail-m is ok for the generator", {"licences": ["creativeml-openrail-m"]}),
    # an ordinary word listed right before a licence is a licence too
    ("Apache or MIT please.", {"licences": ["apache-2.0", "mit"]}),
    ("the logs of an apache server", {}),
    # numbers in words before a scale word
    ("please pick a model with under a hundred million parameters", {"max_parameters": 100_000_000}),
    ("it must have at least five million downloads", {"min_downloads": 5_000_000}),
    ("no more than two hundred and fifty million params", {"max_parameters": 250_000_000}),
    ("five models, ten minutes", {}),
    # a plural scale, a non-native bound, a size on disk in words
    ("The models must be small, not more of 300 millions parameters.", {"max_parameters": 300_000_000}),
    ("with a model no bigger than two gigabytes", {"max_bytes": 2_000_000_000}),
    ("under a gigabyte please", {"max_bytes": 1_000_000_000}),
    # a refusal after the licence; a count said again replaces the one before; a field in a script's comment
    ("those RAIL-style use restrictions don't work for us", {"deny_licences": ["openrail"]}),
    ("Keep all models under 1B params. Hmm, actually make that 500M.", {"max_parameters": 500_000_000}),
    ("at least 10k downloads, no wait, make that 50k", {"min_downloads": 50_000}),
    ("make that 500M", {}),
    ("#   downloads : >= 5000", {"min_downloads": 5000}),
    # a licence named as what a family's refusal is about; permissive licences after a refused one are allowed
    ("Nothing copyleft either, the co-op's lawyer gets twitchy about GPL.", {"deny_licences": ["copyleft"]}),
    ("no GPL, Apache or MIT", {"deny_licences": ["gpl-2.0", "gpl-3.0", "agpl-3.0"], "licences": ["apache-2.0", "mit"]}),
    ("avoid GPL-3.0, CC-BY-NC-4.0 and AGPL", {"deny_licences": ["gpl-3.0", "cc-by-nc-4.0", "agpl-3.0"]}),
    ("No copyleft for the ASR; the tagger can be GPL.", {"deny_licences": ["copyleft"], "licences": ["gpl-2.0", "gpl-3.0"]}),
    # a size given as another model's; a share of it is not read
    ("The translation model also must not be bigger than t5-base.", {"max_parameters_of": "t5-base"}),
    ("something smaller than whisper-small", {"max_parameters_of": "whisper-small"}),
    ("at most the size of GPT-2 please", {"max_parameters_of": "GPT-2"}),
    ("at most a tenth the size of GPT-J", {}),
    ("smaller than the original, under Apache-2.0", {"licences": ["apache-2.0"]}),
])
def test_constraints_in_ordinary_words(text, expected):
    assert read_constraints(text)[0] == expected


@pytest.mark.parametrize("text, phrase, value", [
    ("Run a chatbot that converses in Chinese for the desk", "that converses in Chinese", ["zh"]),
    ("I want a tagger for German", "for German", ["de"]),
    ("use offline speech recognition models to transcribe it", "offline", True),
    ("a summarisation model running offline", "running offline", True),
])
def test_a_constraint_phrase_leaves_the_words_naming_the_model_to_task_reading(text, phrase, value):
    (found,) = constraint_phrases(text)
    assert (text[found.start:found.end], found.value) == (phrase, value)


def test_quantities_are_found_with_their_unit_whatever_bound_stands_around_them():
    from hive.selection.phrases import quantities

    found = [(q.number, q.unit, q.scaled) for q in quantities("fits in 250M, nothing over 3B params, 2GB, >50k downloads, 2023")]
    assert found == [("250m", None, True), ("3b", "parameter", True), ("2GB", "byte", False), ("50k", "download", True),
                     ("2023", None, False)]
    # a number inside a name is no count: "fp16 weights" had capped the model at 16 parameters
    assert [q.number for q in quantities("the fp16 weights of t5-small have to fit in 2 GB")] == ["2GB"]


def test_value_kinds_name_what_is_named_not_its_role():
    from hive.selection.phrases import value_kinds

    assert value_kinds("no GPL, best WER, under 1B, 10k downloads") == {"licence", "metric", "millions", "downloads"}
    assert value_kinds("summarise the report") == set()


@pytest.mark.parametrize("text, dataset", [("with the most accurate model on SST-2", "SST-2"),
                                           ("use whichever model is most accurate on SQuAD", "SQuAD")])
def test_most_accurate_on_a_dataset_asks_for_the_best_result_there(text, dataset):
    (phrase,) = [p for p in constraint_phrases(text) if p.key == "best_on"]
    assert phrase.value["dataset"] == dataset and phrase.value["metric"] is None


@pytest.mark.parametrize("text", ["It needs to fit on a phone.", "a model that can run on a Raspberry Pi"])
def test_a_small_device_asks_for_the_smallest_model(text):
    assert [p.value for p in constraint_phrases(text) if p.key == "smallest"] == [True]


def test_a_small_device_beside_a_size_cap_leaves_the_cap_to_speak():
    text = "It has to run on a Raspberry Pi 4 so ≤ 30M params. Among the ones that fit, whatever is downloaded the most."
    assert {p.key for p in constraint_phrases(text)} == {"max_parameters", "rank_by"}


def test_each_saying_of_commercial_use_is_a_phrase():
    """Only the first had been read, so the learned reader warned that the second was a constraint left unread."""
    text = 'Translate this for our commercial app: "Your order has shipped." Must be usable commercially.'
    said = [text[p.start:p.end] for p in constraint_phrases(text) if p.key == "deny_licences"]
    assert len(said) == 2 and "commercially" in said[1]


@pytest.mark.parametrize("text, applied, wished", [
    ("Keep both models below 400M parameters; ideally they'd be MIT-licensed but that's not a must.",
     {"max_parameters": 400_000_000}, ["licences"]),
    ("MIT would be nice but that's not a hard requirement.", {}, ["licences"]),
    ("Apache-2.0 only. And under 70 million parameters if you can manage it.", {"licences": ["apache-2.0"]}, ["max_parameters"]),
    ("Use an MIT model, preferably under 300M parameters.", {"licences": ["mit"]}, ["max_parameters"]),
    ("Apache-2.0, ideally.", {}, ["licences"]),
    # a ranking said as a wish still only orders: it applies
    ("Needs at least 1,000 downloads and ideally the smallest that qualifies.", {"min_downloads": 1000, "smallest": True}, []),
])
def test_a_filter_said_as_a_wish_is_read_but_not_applied(text, applied, wished):
    assert read_constraints(text)[0] == applied
    assert [p.key for p in constraint_phrases(text) if p.wish] == wished


@pytest.mark.parametrize("text, dataset", [("apache ner model conll03 best f1", "conll03"), ("ner model, LibriSpeech lowest WER", "LibriSpeech")])
def test_a_dataset_named_right_before_the_ranking_word_is_the_benchmarks(text, dataset):
    (phrase,) = [p for p in constraint_phrases(text) if p.key == "best_on"]
    assert phrase.value["dataset"] == dataset


@pytest.mark.parametrize("text, dataset, phrase", [
    ("squad2, extractive qa, highest exact match.", "squad2", "highest exact match"),  # the task's words stay readable
    ("NER model, conll2003, best f1", "conll2003", "best f1"),
    ("The tagging model is selected by its F1 on CoNLL-2003.", "CoNLL-2003", "by its F1 on CoNLL-2003"),
])
def test_a_dataset_listed_apart_or_a_metric_chosen_by_is_the_benchmarks(text, dataset, phrase):
    (found,) = [p for p in constraint_phrases(text) if p.key == "best_on"]
    assert (found.value["dataset"], text[found.start:found.end]) == (dataset, phrase)


@pytest.mark.parametrize("text", ["MIT best f1 ner model", "Apache best f1 ner model", "apache-2.0, extractive qa, highest exact match"])
def test_a_licence_before_the_ranking_word_is_no_dataset(text):
    assert not [p for p in constraint_phrases(text) if p.key == "best_on"]


def test_the_ones_that_do_a_language_limit_the_models_to_it():
    assert [(p.key, p.value) for p in constraint_phrases("ASR: of the ones that do Spanish, best WER on Common Voice")][0] == ("languages", ["es"])
    assert not constraint_phrases("I need to do German homework")


def test_a_table_row_may_say_its_bound_in_words():
    assert [(p.key, p.value) for p in constraint_phrases("| downloads | at least 1,000 |")] == [("min_downloads", 1000)]
    assert not constraint_phrases("downloads: under 5000 is bad")


@pytest.mark.parametrize("text, said, dataset", [
    ("Best summarization model on CNN/DailyMail by ROUGE-L", "on CNN/DailyMail by ROUGE-L", "CNN/DailyMail"),
    ("the top speech recognition model on LibriSpeech", "on LibriSpeech", "LibriSpeech")])
def test_a_benchmark_phrase_leaves_the_model_it_names_to_the_task_words(text, said, dataset):
    """'Best summarization model on ...' had been blanked whole, and the request asked for nothing."""
    (phrase,) = [p for p in constraint_phrases(text) if p.key == "best_on"]
    assert text[phrase.start:phrase.end] == said and phrase.value["dataset"] == dataset


def test_the_model_named_before_a_benchmark_is_asked_for(planner):
    result = planner.plan("Best summarization model on CNN/DailyMail by ROUGE-L, must be under 1B parameters")
    assert [t.task for t in result.tasks] == ["summarization"]
    assert result.constraints["per_task"]["summarization"]["best_on"]["dataset"] == "CNN/DailyMail"


@pytest.mark.parametrize("text, dataset", [
    ("the best asr model on librispeech", "librispeech"),
    ("whichever does best on common voice", "common voice"),
    ("the best model on the market", "market"),
])
def test_a_name_in_lower_case_after_a_ranking_word_is_a_loose_benchmark(text, dataset):
    """Written in lower case, the name may be no dataset at all: it is marked for the graph to confirm."""
    assert read_constraints(text)[0] == {"best_on": {"dataset": dataset, "config": None, "metric": None, "loose": True}}


def test_a_name_written_as_a_name_is_no_loose_benchmark():
    assert read_constraints("the best model on LibriSpeech")[0] == {"best_on": {"dataset": "LibriSpeech", "config": None, "metric": None}}


def test_a_loose_benchmark_hides_no_other_limit_inside_it():
    """'the best apache asr on librispeech': the licence inside a loose benchmark's words is read still."""
    assert read_constraints("the best apache-2.0 asr on librispeech")[0]["licences"] == ["apache-2.0"]


@pytest.mark.parametrize("text, cap", [
    ("summary max params: 600M", 600_000_000),  # a step's name before the field
    ("size cap: 1B", 1_000_000_000),
    ("max size (both): 400M params", 400_000_000),
])
def test_a_size_field_may_carry_a_step_s_name_a_cap_word_or_a_bracket(text, cap):
    assert read_constraints(text)[0] == {"max_parameters": cap}


@pytest.mark.parametrize("text", ["the photo is 3000 pixels, size: 12MB", "image size: 512"])
def test_a_size_that_describes_a_file_is_no_limit(text):
    assert read_constraints(text)[0] == {}


def test_a_refusing_word_in_another_cell_of_a_table_row_refuses_nothing():
    """'(yes/no/up/down/stop/go) | en | apache' had refused Apache for the 'no' of another cell."""
    row = "which command word is spoken (yes/no/up/down/stop/go) | en | apache | top accuracy on speech_commands"
    assert read_constraints(row)[0]["licences"] == ["apache-2.0"]
    assert read_constraints("| licence | not GPL |")[0] == {"deny_licences": ["gpl-2.0", "gpl-3.0", "agpl-3.0"]}


@pytest.mark.parametrize("text, licence", [("stick to Apache.", "apache-2.0"), ("keep it with mit", "mit")])
def test_a_choice_right_before_a_licence_word_makes_it_a_licence(text, licence):
    assert read_constraints(text)[0] == {"licences": [licence]}


def test_a_server_word_stays_a_word():
    assert read_constraints("we host it on Apache")[0] == {}


def test_keeping_models_away_from_a_licence_refuses_it():
    assert read_constraints("please keep every model away from RAIL licences of any kind.")[0] == {"deny_licences": ["openrail"]}


@pytest.mark.parametrize("text", ["whatever runs stays clear of GPL licences", "keep clear of GPL licences", "we steer clear of GPL"])
def test_staying_clear_of_a_licence_refuses_it(text):
    assert read_constraints(text)[0] == {"deny_licences": ["gpl-2.0", "gpl-3.0", "agpl-3.0"]}


@pytest.mark.parametrize("text", ["the most well-known one", "the best-known model", "the model which everybody use",
                                  "whatever everyone else uses"])
def test_popularity_in_everyday_words_ranks_by_downloads(text):
    assert read_constraints(text)[0] == {"rank_by": "downloads"}


def test_what_everyone_uses_of_something_else_ranks_nothing():
    assert read_constraints("everyone uses our app")[0] == {}


def test_a_dataset_ends_at_a_double_hyphen():
    """'... on the CNN/Daily Mail news benchmark -- news text, ...' had run the name on to the clause's end and lost it."""
    (phrase,) = [p for p in constraint_phrases("Use the summariser with the top ROUGE on CNN/DailyMail -- it's news, after all.")
                 if p.key == "best_on"]
    assert phrase.value["dataset"] == "CNN/DailyMail"


def test_a_licence_kept_away_from_something_is_refused():
    assert read_constraints("keep anything under a GPL licence away from the summariser")[0] == {"deny_licences": ["gpl-2.0", "gpl-3.0", "agpl-3.0"]}


@pytest.mark.parametrize("text, expected", [
    ("neither model can be anything but MIT", {"licences": ["mit"]}),
    ("It can't be anything other than Apache-2.0.", {"licences": ["apache-2.0"]}),
    ("it can be anything but MIT", {"deny_licences": ["mit"]}),
])
def test_anything_but_a_licence_refused_in_turn_allows_it_alone(text, expected):
    assert read_constraints(text)[0] == expected


def test_a_thing_used_the_most_in_the_person_s_data_is_no_popularity():
    assert {p.key for p in constraint_phrases("Which van used the most diesel last week?")} == set()
    assert {p.key for p in constraint_phrases("the captioner used the most by other teams")} == {"rank_by"}


def test_a_limit_said_again_after_taking_the_first_back_replaces_it():
    found, _spans = read_constraints("For the narrator, the most downloaded one -- hmm, on second thought, the most liked.")
    assert found == {"rank_by": "likes"}
    assert read_constraints("the most downloaded summariser and the most liked voice")[0] == {"rank_by": "downloads"}


def test_pass_at_k_is_a_metric_of_code_generation():
    found, _spans = read_constraints("Pick the one with the best pass@1 on MultiPL-E, at most 7 billion parameters.")
    assert found["best_on"] == {"dataset": "MultiPL-E", "config": None, "metric": "pass@1"}
