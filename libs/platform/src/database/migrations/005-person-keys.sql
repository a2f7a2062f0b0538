-- One key per person per organisation (DESIGN.md §3, crypto-shredding): personal data in events
-- (a form's answers) is sealed with it, so deleting the row makes those events unreadable for good.
-- `person` is a keyed hash of the email or phone, never the address itself.
CREATE TABLE person_keys (
  org_id     text NOT NULL,
  person     text NOT NULL,
  key        text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, person)
);
