-- hand-written: in the embedded database (PGlite) a call's payload is kept out of line uncompressed (decision 092). Its pglz compression cost 0.7–1.0 s of CPU per 6,000 demo calls, a fifth of their insert (bench/README.md "The payload uncompressed in PGlite"); PGlite has no lz4. The stored values are the same; the embedded data directory holds ~7 KB more per call. PostgreSQL keeps the default (compressed): nothing changes there. SET STORAGE touches the catalog only; rows already written stay as they are.
DO $storage$
BEGIN
  IF version() LIKE '%PGlite%' THEN
    ALTER TABLE "calls" ALTER COLUMN "payload" SET STORAGE EXTERNAL;
  END IF;
END
$storage$;
