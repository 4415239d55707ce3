import Hummingbird

/// The API's OpenAPI 3.1 document, written from the contract the API keeps (README "Apps",
/// `docs/ARCHITECTURE.md`). Served at `/openapi.json`; `docs/openapi.json` is the same
/// text (after a change here, `swift run broadsheet openapi > docs/openapi.json`; a test
/// checks they agree and that every API route is described).
public enum OpenAPIDocument {
    public static let json = #"""
{
  "openapi": "3.1.0",
  "info": {
    "title": "Broadsheet: the NewsAPI-compatible API",
    "version": "2.0.0",
    "summary": "NewsAPI's v2 and legacy v1 endpoints, served from your own Broadsheet library.",
    "description": "Apps written for NewsAPI work against Broadsheet by changing only the base URL. Articles come from the feeds this server follows; keys come from `broadsheet keys create`. The differences from the public service are listed in the README (section \"Apps\"). Every answer is JSON; every error is `{\"status\":\"error\",\"code\":…,\"message\":…}` with HTTP 400, 401, 429 or 500.",
    "license": {"name": "MIT", "identifier": "MIT"}
  },
  "servers": [{"url": "/", "description": "This Broadsheet server"}],
  "security": [{"apiKeyHeader": []}, {"apiKeyQuery": []}, {"apiKeyAuthorization": []}],
  "paths": {
    "/v2/top-headlines": {
      "get": {
        "operationId": "topHeadlines",
        "summary": "The latest articles, newest first, filtered.",
        "description": "Without any parameter, every recent article (Broadsheet does not refuse that, unlike the public service). `sources` cannot be combined with `country` or `category`.",
        "parameters": [
          {"$ref": "#/components/parameters/country"},
          {"$ref": "#/components/parameters/category"},
          {"$ref": "#/components/parameters/sources"},
          {"$ref": "#/components/parameters/q"},
          {"$ref": "#/components/parameters/qInTitle"},
          {"$ref": "#/components/parameters/qintitle"},
          {"$ref": "#/components/parameters/language"},
          {"$ref": "#/components/parameters/pageSizeHeadlines"},
          {"$ref": "#/components/parameters/page"}
        ],
        "responses": {
          "200": {"$ref": "#/components/responses/Articles"},
          "400": {"$ref": "#/components/responses/BadRequest"},
          "401": {"$ref": "#/components/responses/Unauthorized"},
          "429": {"$ref": "#/components/responses/RateLimited"},
          "500": {"$ref": "#/components/responses/ServerError"}
        }
      }
    },
    "/v2/everything": {
      "get": {
        "operationId": "everything",
        "summary": "Full-text search over every stored article.",
        "description": "At least one of `q`, `qInTitle`, `sources`, `domains`, `language` is required (`parametersMissing`). Search syntax: words, \"exact phrases\", `+must`, `-mustnot`, `AND`, `OR`, `NOT` and parentheses.",
        "parameters": [
          {"$ref": "#/components/parameters/q"},
          {"$ref": "#/components/parameters/qInTitle"},
          {"$ref": "#/components/parameters/qintitle"},
          {"$ref": "#/components/parameters/searchIn"},
          {"$ref": "#/components/parameters/sources"},
          {"$ref": "#/components/parameters/domains"},
          {"$ref": "#/components/parameters/excludeDomains"},
          {"$ref": "#/components/parameters/from"},
          {"$ref": "#/components/parameters/to"},
          {"$ref": "#/components/parameters/language"},
          {"$ref": "#/components/parameters/sortBy"},
          {"$ref": "#/components/parameters/pageSizeEverything"},
          {"$ref": "#/components/parameters/page"}
        ],
        "responses": {
          "200": {"$ref": "#/components/responses/Articles"},
          "400": {"$ref": "#/components/responses/BadRequest"},
          "401": {"$ref": "#/components/responses/Unauthorized"},
          "429": {"$ref": "#/components/responses/RateLimited"},
          "500": {"$ref": "#/components/responses/ServerError"}
        }
      }
    },
    "/v2/top-headlines/sources": {
      "get": {
        "operationId": "sources",
        "summary": "The sources catalogue.",
        "description": "Every field of every source is a string. Language, country and category are what a person set, else what Broadsheet inferred from the feed, else the server's defaults.",
        "parameters": [
          {"$ref": "#/components/parameters/category"},
          {"$ref": "#/components/parameters/language"},
          {"$ref": "#/components/parameters/country"}
        ],
        "responses": {
          "200": {"$ref": "#/components/responses/Sources"},
          "400": {"$ref": "#/components/responses/BadRequest"},
          "401": {"$ref": "#/components/responses/Unauthorized"},
          "429": {"$ref": "#/components/responses/RateLimited"},
          "500": {"$ref": "#/components/responses/ServerError"}
        }
      }
    },
    "/v2/sources": {
      "get": {
        "operationId": "sourcesOlderPath",
        "summary": "The sources catalogue, at the path older clients call.",
        "parameters": [
          {"$ref": "#/components/parameters/category"},
          {"$ref": "#/components/parameters/language"},
          {"$ref": "#/components/parameters/country"}
        ],
        "responses": {
          "200": {"$ref": "#/components/responses/Sources"},
          "400": {"$ref": "#/components/responses/BadRequest"},
          "401": {"$ref": "#/components/responses/Unauthorized"},
          "429": {"$ref": "#/components/responses/RateLimited"},
          "500": {"$ref": "#/components/responses/ServerError"}
        }
      }
    },
    "/v1/sources": {
      "get": {
        "operationId": "legacySources",
        "summary": "The legacy v1 sources catalogue (public).",
        "description": "Answers without a key, as the v1 service did; a key that is given must still be valid.",
        "security": [{}, {"apiKeyHeader": []}, {"apiKeyQuery": []}, {"apiKeyAuthorization": []}],
        "parameters": [
          {"name": "category", "in": "query", "description": "A v1 category.", "schema": {"$ref": "#/components/schemas/LegacyCategory"}},
          {"name": "language", "in": "query", "description": "A v1 language.", "schema": {"type": "string", "enum": ["en", "de", "fr"]}},
          {"name": "country", "in": "query", "description": "A v1 country.", "schema": {"type": "string", "enum": ["au", "de", "gb", "in", "it", "us"]}}
        ],
        "responses": {
          "200": {
            "description": "The sources in the v1 shape.",
            "headers": {"Access-Control-Allow-Origin": {"$ref": "#/components/headers/AllowOrigin"}, "Access-Control-Expose-Headers": {"$ref": "#/components/headers/ExposeHeaders"}},
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/LegacySourcesResponse"}}}
          },
          "400": {"$ref": "#/components/responses/BadRequest"},
          "401": {"$ref": "#/components/responses/Unauthorized"},
          "429": {"$ref": "#/components/responses/RateLimited"},
          "500": {"$ref": "#/components/responses/ServerError"}
        }
      }
    },
    "/v1/articles": {
      "get": {
        "operationId": "legacyArticles",
        "summary": "A source's latest 20 articles in the legacy v1 shape.",
        "parameters": [
          {"name": "source", "in": "query", "required": true, "description": "A source id from /v1/sources.", "schema": {"type": "string", "minLength": 1, "maxLength": 200}},
          {"name": "sortBy", "in": "query", "description": "`top` (the default) and `latest` are the newest first; `popular` the most read first. Any other value: `sourceUnavailableSortedBy`.", "schema": {"type": "string", "enum": ["top", "latest", "popular"]}}
        ],
        "responses": {
          "200": {
            "description": "The source's articles in the v1 shape.",
            "headers": {"Access-Control-Allow-Origin": {"$ref": "#/components/headers/AllowOrigin"}, "Access-Control-Expose-Headers": {"$ref": "#/components/headers/ExposeHeaders"}},
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/LegacyArticlesResponse"}}}
          },
          "400": {"$ref": "#/components/responses/BadRequest"},
          "401": {"$ref": "#/components/responses/Unauthorized"},
          "429": {"$ref": "#/components/responses/RateLimited"},
          "500": {"$ref": "#/components/responses/ServerError"}
        }
      }
    },
    "/openapi.json": {
      "get": {
        "operationId": "openAPIDocument",
        "summary": "This document.",
        "security": [{}],
        "responses": {
          "200": {"description": "The OpenAPI document.", "content": {"application/json": {"schema": {"type": "object"}}}}
        }
      }
    }
  },
  "components": {
    "securitySchemes": {
      "apiKeyHeader": {"type": "apiKey", "in": "header", "name": "X-Api-Key", "description": "A key from `broadsheet keys create`."},
      "apiKeyQuery": {"type": "apiKey", "in": "query", "name": "apiKey", "description": "The same key as a query parameter (it ends up in logs: prefer a header)."},
      "apiKeyAuthorization": {"type": "apiKey", "in": "header", "name": "Authorization", "description": "The key alone, or `Bearer KEY`."}
    },
    "parameters": {
      "country": {"name": "country", "in": "query", "description": "A 2-letter ISO 3166-1 code; cannot be combined with `sources` (`parametersIncompatible`).", "schema": {"$ref": "#/components/schemas/Country"}},
      "category": {"name": "category", "in": "query", "description": "Cannot be combined with `sources` (`parametersIncompatible`).", "schema": {"$ref": "#/components/schemas/Category"}},
      "language": {"name": "language", "in": "query", "description": "An article's own language, else its source's.", "schema": {"$ref": "#/components/schemas/Language"}},
      "sources": {"name": "sources", "in": "query", "description": "Comma-separated source ids, at most 20 (`sourcesTooMany`); an unknown id is `sourceDoesNotExist`.", "schema": {"type": "string", "maxLength": 2000}},
      "q": {"name": "q", "in": "query", "description": "What to search for in the title, description and content: words, \"exact phrases\", `+must`, `-mustnot`, `AND`, `OR`, `NOT` and parentheses.", "schema": {"type": "string", "maxLength": 500}},
      "qInTitle": {"name": "qInTitle", "in": "query", "description": "The same syntax as `q`, matched against titles only; alone or beside `q` (both must match).", "schema": {"type": "string", "maxLength": 500}},
      "qintitle": {"name": "qintitle", "in": "query", "description": "`qInTitle` as some clients spell it (newsapi-python does); when both are sent, `qInTitle` is used.", "schema": {"type": "string", "maxLength": 500}},
      "searchIn": {"name": "searchIn", "in": "query", "description": "Where `q` is searched: a comma-separated subset of title, description, content (default all three).", "schema": {"type": "string", "maxLength": 100}, "example": "title,description"},
      "domains": {"name": "domains", "in": "query", "description": "Comma-separated domains the article URL must be on (or a subdomain of), at most 50.", "schema": {"type": "string", "maxLength": 4000}, "example": "techcrunch.com,bbc.co.uk"},
      "excludeDomains": {"name": "excludeDomains", "in": "query", "description": "Comma-separated domains the article URL must not be on, at most 50.", "schema": {"type": "string", "maxLength": 4000}},
      "from": {"name": "from", "in": "query", "description": "The oldest publication date or time, inclusive: `2024-04-26` or `2024-04-26T04:14:38` (optional fraction and zone; no zone is UTC).", "schema": {"$ref": "#/components/schemas/DateOrDateTime"}},
      "to": {"name": "to", "in": "query", "description": "The newest publication date or time, inclusive (a date means its whole day).", "schema": {"$ref": "#/components/schemas/DateOrDateTime"}},
      "sortBy": {"name": "sortBy", "in": "query", "description": "`publishedAt` (the default): newest first; `relevancy`: best match first; `popularity`: most read first.", "schema": {"type": "string", "enum": ["relevancy", "popularity", "publishedAt"]}},
      "pageSizeHeadlines": {"name": "pageSize", "in": "query", "description": "Articles per page (default 20).", "schema": {"type": "integer", "minimum": 1, "maximum": 100}},
      "pageSizeEverything": {"name": "pageSize", "in": "query", "description": "Articles per page (default 100).", "schema": {"type": "integer", "minimum": 1, "maximum": 100}},
      "page": {"name": "page", "in": "query", "description": "The page, from 1. Paging stops after the first 100 matches (`maximumResultsReached`), as on the public service's developer plan, and `totalResults` counts exactly up to 100.", "schema": {"type": "integer", "minimum": 1}}
    },
    "headers": {
      "AllowOrigin": {"description": "Any origin may read the answer.", "schema": {"type": "string", "const": "*"}},
      "ExposeHeaders": {"description": "The headers browser code may read (Retry-After).", "schema": {"type": "string"}}
    },
    "responses": {
      "Articles": {
        "description": "One page of the matching articles and how many match in all.",
        "headers": {"Access-Control-Allow-Origin": {"$ref": "#/components/headers/AllowOrigin"}, "Access-Control-Expose-Headers": {"$ref": "#/components/headers/ExposeHeaders"}},
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ArticlesResponse"}}}
      },
      "Sources": {
        "description": "The matching sources, by name.",
        "headers": {"Access-Control-Allow-Origin": {"$ref": "#/components/headers/AllowOrigin"}, "Access-Control-Expose-Headers": {"$ref": "#/components/headers/ExposeHeaders"}},
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/SourcesResponse"}}}
      },
      "BadRequest": {
        "description": "A parameter is invalid, missing or combined with one it cannot be; a v1 source does not offer the sort; or the request names no endpoint, uses a method other than GET, or is too long to read. The message names the parameter and the allowed values.",
        "headers": {"Access-Control-Allow-Origin": {"$ref": "#/components/headers/AllowOrigin"}, "Access-Control-Expose-Headers": {"$ref": "#/components/headers/ExposeHeaders"}},
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorResponse"}}}
      },
      "Unauthorized": {
        "description": "The key is missing, unknown or disabled.",
        "headers": {"Access-Control-Allow-Origin": {"$ref": "#/components/headers/AllowOrigin"}, "Access-Control-Expose-Headers": {"$ref": "#/components/headers/ExposeHeaders"}},
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorResponse"}}}
      },
      "RateLimited": {
        "description": "The key made more requests in the last minute than the server allows.",
        "headers": {
          "Retry-After": {"description": "Seconds to wait before the next request.", "schema": {"type": "string", "pattern": "^[0-9]+$"}},
          "Access-Control-Allow-Origin": {"$ref": "#/components/headers/AllowOrigin"},
          "Access-Control-Expose-Headers": {"$ref": "#/components/headers/ExposeHeaders"}
        },
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorResponse"}}}
      },
      "ServerError": {
        "description": "Something failed on the server (`unexpectedError`); its log says what.",
        "headers": {"Access-Control-Allow-Origin": {"$ref": "#/components/headers/AllowOrigin"}, "Access-Control-Expose-Headers": {"$ref": "#/components/headers/ExposeHeaders"}},
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorResponse"}}}
      }
    },
    "schemas": {
      "Country": {"type": "string", "enum": ["ae", "ar", "at", "au", "be", "bg", "br", "ca", "ch", "cn", "co", "cu", "cz", "de", "eg", "fr", "gb", "gr", "hk", "hu", "id", "ie", "il", "in", "it", "jp", "kr", "lt", "lv", "ma", "mx", "my", "ng", "nl", "no", "nz", "ph", "pl", "pt", "ro", "rs", "ru", "sa", "se", "sg", "si", "sk", "th", "tr", "tw", "ua", "us", "ve", "za"]},
      "Category": {"type": "string", "enum": ["business", "entertainment", "general", "health", "science", "sports", "technology"]},
      "Language": {"type": "string", "enum": ["ar", "de", "en", "es", "fr", "he", "it", "nl", "no", "pt", "ru", "sv", "ud", "zh"]},
      "LegacyCategory": {"type": "string", "enum": ["business", "entertainment", "gaming", "general", "music", "politics", "science-and-nature", "sport", "technology"]},
      "DateOrDateTime": {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}([Tt ][0-9]{2}:[0-9]{2}(:[0-9]{2}([.,][0-9]{1,9})?)?([Zz]|[+-][0-9]{2}(:?[0-9]{2})?)?)?$", "example": "2024-04-26"},
      "ArticlesResponse": {
        "type": "object",
        "required": ["status", "totalResults", "articles"],
        "properties": {
          "status": {"type": "string", "const": "ok"},
          "totalResults": {"type": "integer", "minimum": 0, "description": "All matches, not only this page."},
          "articles": {"type": "array", "items": {"$ref": "#/components/schemas/Article"}}
        }
      },
      "Article": {
        "type": "object",
        "required": ["source", "author", "title", "description", "url", "urlToImage", "publishedAt", "content"],
        "properties": {
          "source": {
            "type": "object",
            "required": ["id", "name"],
            "properties": {"id": {"type": ["string", "null"]}, "name": {"type": "string"}}
          },
          "author": {"type": ["string", "null"]},
          "title": {"type": "string"},
          "description": {"type": ["string", "null"]},
          "url": {"type": "string", "description": "The original article (the feed's original link when it gives one), else its page on this server."},
          "urlToImage": {"type": ["string", "null"]},
          "publishedAt": {"$ref": "#/components/schemas/Timestamp"},
          "content": {"type": ["string", "null"], "description": "Plain text cut at about 200 characters, then ` [+N chars]`."}
        }
      },
      "Timestamp": {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$", "description": "UTC, no fractional seconds.", "example": "2024-01-15T18:00:00Z"},
      "SourcesResponse": {
        "type": "object",
        "required": ["status", "sources"],
        "properties": {
          "status": {"type": "string", "const": "ok"},
          "sources": {"type": "array", "items": {"$ref": "#/components/schemas/Source"}}
        }
      },
      "Source": {
        "type": "object",
        "required": ["id", "name", "description", "url", "category", "language", "country"],
        "properties": {
          "id": {"type": "string"},
          "name": {"type": "string"},
          "description": {"type": "string", "description": "The feed's own description, else \"The latest articles from NAME.\""},
          "url": {"type": "string", "description": "The site, else the feed, else the source's page on this server."},
          "category": {"$ref": "#/components/schemas/Category"},
          "language": {"$ref": "#/components/schemas/Language"},
          "country": {"$ref": "#/components/schemas/Country"}
        }
      },
      "LegacySourcesResponse": {
        "type": "object",
        "required": ["status", "sources"],
        "properties": {
          "status": {"type": "string", "const": "ok"},
          "sources": {"type": "array", "items": {"$ref": "#/components/schemas/LegacySource"}}
        }
      },
      "LegacySource": {
        "type": "object",
        "required": ["id", "name", "description", "url", "category", "language", "country", "urlsToLogos", "sortBysAvailable"],
        "properties": {
          "id": {"type": "string"},
          "name": {"type": "string"},
          "description": {"type": "string"},
          "url": {"type": "string"},
          "category": {"$ref": "#/components/schemas/LegacyCategory"},
          "language": {"$ref": "#/components/schemas/Language"},
          "country": {"$ref": "#/components/schemas/Country"},
          "urlsToLogos": {
            "type": "object",
            "required": ["small", "medium", "large"],
            "properties": {"small": {"type": "string"}, "medium": {"type": "string"}, "large": {"type": "string"}}
          },
          "sortBysAvailable": {"type": "array", "items": {"type": "string", "enum": ["top", "latest", "popular"]}}
        }
      },
      "LegacyArticlesResponse": {
        "type": "object",
        "required": ["status", "source", "sortBy", "articles"],
        "properties": {
          "status": {"type": "string", "const": "ok"},
          "source": {"type": "string"},
          "sortBy": {"type": "string", "enum": ["top", "latest", "popular"]},
          "articles": {"type": "array", "items": {"$ref": "#/components/schemas/LegacyArticle"}}
        }
      },
      "LegacyArticle": {
        "type": "object",
        "required": ["author", "title", "description", "url", "urlToImage", "publishedAt"],
        "properties": {
          "author": {"type": ["string", "null"]},
          "title": {"type": "string"},
          "description": {"type": ["string", "null"]},
          "url": {"type": "string"},
          "urlToImage": {"type": ["string", "null"]},
          "publishedAt": {"oneOf": [{"$ref": "#/components/schemas/Timestamp"}, {"type": "null"}]}
        }
      },
      "ErrorResponse": {
        "type": "object",
        "required": ["status", "code", "message"],
        "properties": {
          "status": {"type": "string", "const": "error"},
          "code": {"type": "string", "enum": ["apiKeyDisabled", "apiKeyExhausted", "apiKeyInvalid", "apiKeyMissing", "parameterInvalid", "parametersIncompatible", "parametersMissing", "rateLimited", "sourcesTooMany", "sourceDoesNotExist", "maximumResultsReached", "unexpectedError", "sourceUnavailableSortedBy"]},
          "message": {"type": "string", "description": "A sentence a person can act on."}
        }
      }
    }
  }
}
"""#

    static func response() -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-cache", .accessControlAllowOrigin: "*"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: json))
        )
    }
}
