;; @domain Text generation: write, answer, rewrite or chat in free text; fill in masked words.
(define (domain text-generation)
  (:requirements :strips :typing)
  (:types resource modality task)
  (:constants text image audio video table question labels - modality
              text-generation text2text-generation conversational fill-mask - task)
  (:predicates (has ?r - resource ?m - modality) (fresh ?r - resource) (from ?r ?a - resource)
               (uses ?r ?x - resource) (made-by ?r - resource ?t - task) (may-hold ?r - resource ?t - task))

  ;; @action text-generation -- Write new text from a prompt: stories, poems, answers to open questions, messages.
  (:action text-generation
   :parameters (?text ?out ?src - resource)
   :precondition (and (has ?text text) (from ?text ?src) (fresh ?out) (may-hold ?out text-generation))
   :effect (and (not (fresh ?out)) (has ?out text) (from ?out ?src) (uses ?out ?text)
                (made-by ?out text-generation)))

  ;; @action text2text-generation -- Rewrite a text into another text: paraphrase, correct grammar, change its tone.
  (:action text2text-generation
   :parameters (?text ?out ?src - resource)
   :precondition (and (has ?text text) (from ?text ?src) (fresh ?out) (may-hold ?out text2text-generation))
   :effect (and (not (fresh ?out)) (has ?out text) (from ?out ?src) (uses ?out ?text)
                (made-by ?out text2text-generation)))

  ;; @action conversational -- Reply to a message as a chat assistant would.
  (:action conversational
   :parameters (?text ?out ?src - resource)
   :precondition (and (has ?text text) (from ?text ?src) (fresh ?out) (may-hold ?out conversational))
   :effect (and (not (fresh ?out)) (has ?out text) (from ?out ?src) (uses ?out ?text)
                (made-by ?out conversational)))

  ;; @action fill-mask -- Fill in a masked or missing word in a sentence.
  (:action fill-mask
   :parameters (?text ?out ?src - resource)
   :precondition (and (has ?text text) (from ?text ?src) (fresh ?out) (may-hold ?out fill-mask))
   :effect (and (not (fresh ?out)) (has ?out text) (from ?out ?src) (uses ?out ?text)
                (made-by ?out fill-mask)))
)
