# frozen_string_literal: true

module Glance
  VERSION = "0.1.0"
end
