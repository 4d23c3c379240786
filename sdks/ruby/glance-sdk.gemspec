# frozen_string_literal: true

require_relative "lib/glance/version"

Gem::Specification.new do |spec|
  spec.name = "glance-sdk"
  spec.version = Glance::VERSION
  spec.summary = "The Glance rendering API's client"
  spec.description = "Screenshots, OG images, page content, recordings, diffs, jobs and monitors; " \
                     "signed URLs and Standard Webhooks verification. Standard library only."
  spec.authors = ["Glance"]
  spec.license = "MIT"
  spec.required_ruby_version = ">= 3.0"
  spec.files = Dir["lib/**/*.rb", "README.md"]
  spec.require_paths = ["lib"]
end
