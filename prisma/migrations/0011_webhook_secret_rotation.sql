-- Webhook secret rotation (D20): after a roll, deliveries are signed with the new and the previous
-- secret for a day, so a receiver keeps verifying while it is updated. Mirrors prisma/schema.prisma.
ALTER TABLE "webhook_settings" ADD COLUMN "previous_secret_nonce" TEXT;
ALTER TABLE "webhook_settings" ADD COLUMN "secret_rolled_at" TIMESTAMPTZ(3);
