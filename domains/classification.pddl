;; @domain Text classification: sentiment, topic or intent labels, and how similar two texts are.
(define (domain classification)
  (:requirements :strips :typing)
  (:types resource modality task)
  (:constants text image audio video table question labels - modality
              text-classification zero-shot-classification sentence-similarity - task)
  (:predicates (has ?r - resource ?m - modality) (fresh ?r - resource) (from ?r ?a - resource)
               (uses ?r ?x - resource) (made-by ?r - resource ?t - task) (may-hold ?r - resource ?t - task))

  ;; @action text-classification -- Label a text with a fixed model label set, such as its sentiment or emotion.
  (:action text-classification
   :parameters (?text ?out ?src - resource)
   :precondition (and (has ?text text) (from ?text ?src) (fresh ?out) (may-hold ?out text-classification))
   :effect (and (not (fresh ?out)) (has ?out text) (from ?out ?src) (uses ?out ?text)
                (made-by ?out text-classification)))

  ;; @action zero-shot-classification -- Choose which of the given candidate labels fits a text best.
  (:action zero-shot-classification
   :parameters (?text ?labels ?out ?src - resource)
   :precondition (and (has ?text text) (has ?labels labels) (from ?text ?src) (fresh ?out)
                      (may-hold ?out zero-shot-classification))
   :effect (and (not (fresh ?out)) (has ?out text) (from ?out ?src) (uses ?out ?text) (uses ?out ?labels)
                (made-by ?out zero-shot-classification)))

  ;; @action sentence-similarity -- Score how similar in meaning two texts are.
  (:action sentence-similarity
   :parameters (?text ?other ?out ?src - resource)
   :precondition (and (has ?text text) (has ?other text) (from ?text ?src) (fresh ?out)
                      (may-hold ?out sentence-similarity))
   :effect (and (not (fresh ?out)) (has ?out text) (from ?out ?src) (uses ?out ?text) (uses ?out ?other)
                (made-by ?out sentence-similarity)))
)
