;; @domain Tabular data: predict a label for the rows of a table.
(define (domain tabular)
  (:requirements :strips :typing)
  (:types resource modality task)
  (:constants text image audio video table question labels - modality
              tabular-classification - task)
  (:predicates (has ?r - resource ?m - modality) (fresh ?r - resource) (from ?r ?a - resource)
               (uses ?r ?x - resource) (made-by ?r - resource ?t - task) (may-hold ?r - resource ?t - task))

  ;; @action tabular-classification -- Predict a class for each row of a table of features.
  (:action tabular-classification
   :parameters (?table ?out ?src - resource)
   :precondition (and (has ?table table) (from ?table ?src) (fresh ?out) (may-hold ?out tabular-classification))
   :effect (and (not (fresh ?out)) (has ?out text) (from ?out ?src) (uses ?out ?table)
                (made-by ?out tabular-classification)))
)
