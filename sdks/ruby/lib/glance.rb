# frozen_string_literal: true

# The Glance API's client (standard library only): Glance::Client, Glance.sign_url,
# Glance.verify_webhook, Glance::Error and Glance::WebhookVerificationError.
require_relative "glance/version"
require_relative "glance/operations"
require_relative "glance/errors"
require_relative "glance/query"
require_relative "glance/signing"
require_relative "glance/webhooks"
require_relative "glance/client"
require_relative "glance/sessions"
