; Allocation sites with known types and lifetimes, for tests/embed.
;
;   minilisp sites.scm N    (N iterations of each site)

(define n (string->number (car (cdr (command-line)))))

; Long-lived: every vector (and the pair that holds it) stays reachable from
; the global [kept] until the end of the run.
(define kept '())
(define (retain-vectors n)
  (let loop ((i 0))
    (when (< i n)
      (set! kept (cons (make-vector 6 i) kept))         ; site: retained vector
      (loop (+ i 1)))))

; Temporaries: each string is consumed by string-length before the next
; allocation, so it is dead at any later collection.
(define text "a string that is cut into temporary pieces")
(define (churn-strings n)
  (let loop ((i 0) (total 0))
    (if (< i n)
        (loop (+ i 1) (+ total (string-length (substring text 0 (modulo i 40)))))   ; site: temporary string
        total)))

(retain-vectors n)
(display (length kept))
(newline)
(display (churn-strings (* 4 n)))
(newline)
(collect-garbage)
(display (vector-ref (car kept) 0))
(newline)
