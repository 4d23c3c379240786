-- A job's secret parameters sealed (issue 43 point 2, D20): the fields its endpoint's schema marks
-- secret (headers, cookies) leave "request" and are kept here, sealed like a monitor's
-- (lib/secrets/sealed.ts), until the job ends and both are erased. Rows written before keep their
-- whole request in "request" and run as they are (the code reads both forms); nothing is sealed
-- here, since the sealing key is the server's, and those requests are erased when their jobs end.
ALTER TABLE "jobs" ADD COLUMN "request_secrets" TEXT;
