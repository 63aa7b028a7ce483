-- Exports live in the database, not on one process's disk: made on one API process, downloaded
-- through another. The id is stored hashed (it is the download's credential); the workbook's
-- bytes in chunks of base64 text (one type both engines share), removed once downloaded.
CREATE TABLE export_files (
  id_hash VARCHAR PRIMARY KEY,
  user_id VARCHAR NOT NULL,
  name VARCHAR NOT NULL,
  bytes BIGINT NOT NULL,
  created_at TIMESTAMP NOT NULL
);
CREATE TABLE export_chunks (
  id_hash VARCHAR NOT NULL,
  seq INTEGER NOT NULL,
  data VARCHAR NOT NULL,
  created_at TIMESTAMP NOT NULL,
  PRIMARY KEY (id_hash, seq)
);
