-- Per-day sequences for document numbers (IN20261123-0001), taken inside the creating transaction.
CREATE TABLE IF NOT EXISTS document_sequences (
  prefix text NOT NULL,
  day date NOT NULL,
  last integer NOT NULL,
  PRIMARY KEY (prefix, day)
);
