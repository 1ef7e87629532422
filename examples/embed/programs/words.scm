; Word frequencies: generated sentences (strings that die young) are split
; into words (short-lived substrings and list cells) and counted in a hash
; table of association lists that lives for the whole run.
;
;   minilisp words.scm [SENTENCES]      (default 3000)

(define vocabulary
  (vector "the" "heap" "nursery" "sample" "object" "young" "old" "collector"
          "survives" "dies" "pointer" "barrier" "arena" "page" "limit" "bump"))

; A deterministic linear congruential generator: the output is the same on
; every run.
(define (next-random seed)
  (modulo (+ (* seed 1103515245) 12345) 2147483648))

; A sentence of [n] words and the generator's next seed, as a pair.
(define (make-sentence n seed)
  (let loop ((i 0) (text "") (seed seed))
    (if (= i n)
        (cons text seed)
        (let ((word (vector-ref vocabulary (modulo (quotient seed 65536) (vector-length vocabulary)))))
          (loop (+ i 1)
                (if (= i 0) word (string-append text " " word))
                (next-random seed))))))

; The words of [text], split at spaces, as a list of fresh strings.
(define (split text)
  (let loop ((end (string-length text)) (start (string-length text)) (words '()))
    (cond ((= start 0)
           (if (= end 0) words (cons (substring text 0 end) words)))
          ((= (string-ref text (- start 1)) 32)
           (loop (- start 1) (- start 1)
                 (if (= start end) words (cons (substring text start end) words))))
          (else (loop end (- start 1) words)))))

(define (string-hash s)
  (let loop ((i 0) (h 5381))
    (if (= i (string-length s))
        h
        (loop (+ i 1) (modulo (+ (* h 33) (string-ref s i)) 1000003)))))

(define (make-table size) (make-vector size '()))

(define (assoc-string key alist)
  (cond ((null? alist) #f)
        ((string=? key (car (car alist))) (car alist))
        (else (assoc-string key (cdr alist)))))

(define (table-count! table word)
  (let* ((i (modulo (string-hash word) (vector-length table)))
         (entry (assoc-string word (vector-ref table i))))
    (if entry
        (set-cdr! entry (+ (cdr entry) 1))
        (vector-set! table i (cons (cons word 1) (vector-ref table i))))))

(define (for-each f items)
  (unless (null? items)
    (f (car items))
    (for-each f (cdr items))))

(define counts (make-table 31))

(define sentences
  (let ((args (cdr (command-line))))
    (if (null? args) 3000 (string->number (car args)))))

(let loop ((i 0) (seed 42))
  (when (< i sentences)
    (let ((sentence (make-sentence (+ 3 (modulo i 9)) seed)))
      (for-each (lambda (word) (table-count! counts word)) (split (car sentence)))
      (loop (+ i 1) (cdr sentence)))))

; Print the table: bucket by bucket, each word with its count.
(define (print-counts table)
  (let loop ((i 0))
    (when (< i (vector-length table))
      (for-each (lambda (entry)
                  (display (car entry)) (display " ") (display (cdr entry)) (newline))
                (vector-ref table i))
      (loop (+ i 1)))))

(print-counts counts)
