;; @domain Speech and sound: transcribe speech, speak text, recognise what is heard, clean or convert audio.
(define (domain audio)
  (:requirements :strips :typing)
  (:types resource modality task)
  (:constants text image audio video table question labels - modality
              automatic-speech-recognition text-to-speech audio-classification audio-to-audio - task)
  (:predicates (has ?r - resource ?m - modality) (fresh ?r - resource) (from ?r ?a - resource)
               (uses ?r ?x - resource) (made-by ?r - resource ?t - task) (may-hold ?r - resource ?t - task))

  ;; @action automatic-speech-recognition bridge -- Transcribe the speech in an audio recording into text.
  (:action automatic-speech-recognition
   :parameters (?audio ?out ?src - resource)
   :precondition (and (has ?audio audio) (from ?audio ?src) (fresh ?out) (may-hold ?out automatic-speech-recognition))
   :effect (and (not (fresh ?out)) (has ?out text) (from ?out ?src) (uses ?out ?audio)
                (made-by ?out automatic-speech-recognition)))

  ;; @action text-to-speech bridge -- Read a text aloud: synthesise speech audio from text.
  (:action text-to-speech
   :parameters (?text ?out ?src - resource)
   :precondition (and (has ?text text) (from ?text ?src) (fresh ?out) (may-hold ?out text-to-speech))
   :effect (and (not (fresh ?out)) (has ?out audio) (from ?out ?src) (uses ?out ?text)
                (made-by ?out text-to-speech)))

  ;; @action audio-classification -- Label an audio clip: spoken language, speaker emotion, sound event or command.
  (:action audio-classification
   :parameters (?audio ?out ?src - resource)
   :precondition (and (has ?audio audio) (from ?audio ?src) (fresh ?out) (may-hold ?out audio-classification))
   :effect (and (not (fresh ?out)) (has ?out text) (from ?out ?src) (uses ?out ?audio)
                (made-by ?out audio-classification)))

  ;; @action audio-to-audio -- Transform audio into new audio: remove noise, enhance or separate speech, convert a voice.
  (:action audio-to-audio
   :parameters (?audio ?out ?src - resource)
   :precondition (and (has ?audio audio) (from ?audio ?src) (fresh ?out) (may-hold ?out audio-to-audio))
   :effect (and (not (fresh ?out)) (has ?out audio) (from ?out ?src) (uses ?out ?audio)
                (made-by ?out audio-to-audio)))
)
