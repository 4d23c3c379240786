-- A monitor's baseline names the kept file (lib/results/kept.ts) that holds its bytes: the capture
-- of the run that took it, stored under a key nothing else writes (D27). Null on baselines taken
-- before: they get one the first time they are shown.
ALTER TABLE "monitor_baselines" ADD COLUMN "image_key" TEXT;
