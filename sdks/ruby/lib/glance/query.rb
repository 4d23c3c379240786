# frozen_string_literal: true

require "json"

module Glance
  # Options as the API reads them: snake_case names mapped to the API's, OG variables as
  # parameters of their own, JSON-valued parameters (headers, cookies) given as hashes as JSON.
  module Query
    module_function

    def snake(name)
      name.gsub(/(?<=[a-z0-9])([A-Z])/) { "_#{Regexp.last_match(1)}" }.downcase
    end

    # The API's spelling of given among names: itself, or the name whose snake_case it is
    # (custom_css is customCSS); given as it is when neither.
    def api_name(given, names)
      text = given.to_s
      return text if names.include?(text)

      names.find { |name| snake(name) == text } || text
    end

    def pairs(options)
      options.each_with_object([]) do |(name, value), out|
        next if value.nil?

        if name.to_s == "variables" && value.is_a?(Hash)
          out.concat(pairs(value))
        else
          out << [name.to_s, text(value)]
        end
      end
    end

    def text(value)
      case value
      when Hash, Array then JSON.generate(value)
      when Float then value == value.floor && value.abs < 1e15 ? value.to_i.to_s : value.to_s
      else value.to_s
      end
    end

    # Whether value is of the generated parameter type (a JSON type, "any", or a union "a|b").
    def type?(value, types)
      types.split("|").any? do |type|
        case type
        when "any" then true
        when "string" then value.is_a?(String) || value.is_a?(Symbol)
        when "integer" then value.is_a?(Integer)
        when "number" then value.is_a?(Numeric)
        when "boolean" then [true, false].include?(value)
        when "array" then value.is_a?(Array)
        when "object" then value.is_a?(Hash)
        else false
        end
      end
    end
  end
end
