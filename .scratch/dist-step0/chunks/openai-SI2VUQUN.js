#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { LiteHeaders } from "./chunk-MO2C37CX.js";
import "./chunk-GZ7VATWC.js";
function standIn(name) {
  return class {
    static [Symbol.hasInstance](value) {
      return value?.[Symbol.toStringTag] === name && value instanceof globalThis[name];
    }
    constructor(...args) {
      return new globalThis[name](...args);
    }
  };
}
var FormData = standIn("FormData"),
  ReadableStream = standIn("ReadableStream");
function __classPrivateFieldSet(receiver, state, value, kind, f) {
  if (kind === "m") throw new TypeError("Private method is not writable");
  if (kind === "a" && !f) throw new TypeError("Private accessor was defined without a setter");
  if (typeof state == "function" ? receiver !== state || !f : !state.has(receiver))
    throw new TypeError("Cannot write private member to an object whose class did not declare it");
  return kind === "a" ? f.call(receiver, value) : f ? (f.value = value) : state.set(receiver, value), value;
}
function __classPrivateFieldGet(receiver, state, kind, f) {
  if (kind === "a" && !f) throw new TypeError("Private accessor was defined without a getter");
  if (typeof state == "function" ? receiver !== state || !f : !state.has(receiver))
    throw new TypeError("Cannot read private member from an object whose class did not declare it");
  return kind === "m" ? f : kind === "a" ? f.call(receiver) : f ? f.value : state.get(receiver);
}
var uuid4 = () => {
  const { crypto: crypto2 } = globalThis;
  if (crypto2?.randomUUID) return (uuid4 = crypto2.randomUUID.bind(crypto2)), crypto2.randomUUID();
  const u8 = new Uint8Array(1),
    randomByte = crypto2 ? () => crypto2.getRandomValues(u8)[0] : () => (Math.random() * 255) & 255;
  return "10000000-1000-4000-8000-100000000000".replace(/[018]/g, (c) =>
    (+c ^ (randomByte() & (15 >> (+c / 4)))).toString(16),
  );
};
function isAbortError(err) {
  return (
    typeof err == "object" &&
    err !== null &&
    (("name" in err && err.name === "AbortError") ||
      ("message" in err && String(err.message).includes("FetchRequestCanceledException")))
  );
}
var castToError = (err) => {
  if (err instanceof Error) return err;
  if (typeof err == "object" && err !== null) {
    try {
      if (Object.prototype.toString.call(err) === "[object Error]") {
        const error = new Error(err.message, err.cause ? { cause: err.cause } : {});
        return (
          err.stack && (error.stack = err.stack),
          err.cause && !error.cause && (error.cause = err.cause),
          err.name && (error.name = err.name),
          error
        );
      }
    } catch {}
    try {
      return new Error(JSON.stringify(err));
    } catch {}
  }
  return new Error(err);
};
var OpenAIError = class extends Error {},
  APIError = class _APIError extends OpenAIError {
    constructor(status, error, message, headers) {
      super(`${_APIError.makeMessage(status, error, message)}`),
        (this.status = status),
        (this.headers = headers),
        (this.requestID = headers?.get("x-request-id")),
        (this.error = error);
      const data = error;
      (this.code = data?.code), (this.param = data?.param), (this.type = data?.type);
    }
    static makeMessage(status, error, message) {
      const msg = error?.message
        ? typeof error.message == "string"
          ? error.message
          : JSON.stringify(error.message)
        : error
          ? JSON.stringify(error)
          : message;
      return status && msg
        ? `${status} ${msg}`
        : status
          ? `${status} status code (no body)`
          : msg || "(no status code or body)";
    }
    static generate(status, errorResponse, message, headers) {
      if (!status || !headers) return new APIConnectionError({ message, cause: castToError(errorResponse) });
      const error = errorResponse?.error;
      return status === 400
        ? new BadRequestError(status, error, message, headers)
        : status === 401
          ? new AuthenticationError(status, error, message, headers)
          : status === 403
            ? new PermissionDeniedError(status, error, message, headers)
            : status === 404
              ? new NotFoundError(status, error, message, headers)
              : status === 409
                ? new ConflictError(status, error, message, headers)
                : status === 422
                  ? new UnprocessableEntityError(status, error, message, headers)
                  : status === 429
                    ? new RateLimitError(status, error, message, headers)
                    : status >= 500
                      ? new InternalServerError(status, error, message, headers)
                      : new _APIError(status, error, message, headers);
    }
  },
  APIUserAbortError = class extends APIError {
    constructor({ message } = {}) {
      super(void 0, void 0, message || "Request was aborted.", void 0);
    }
  },
  APIConnectionError = class extends APIError {
    constructor({ message, cause }) {
      super(void 0, void 0, message || "Connection error.", void 0), cause && (this.cause = cause);
    }
  },
  APIConnectionTimeoutError = class extends APIConnectionError {
    constructor({ message } = {}) {
      super({ message: message ?? "Request timed out." });
    }
  },
  BadRequestError = class extends APIError {},
  AuthenticationError = class extends APIError {},
  PermissionDeniedError = class extends APIError {},
  NotFoundError = class extends APIError {},
  ConflictError = class extends APIError {},
  UnprocessableEntityError = class extends APIError {},
  RateLimitError = class extends APIError {},
  InternalServerError = class extends APIError {},
  LengthFinishReasonError = class extends OpenAIError {
    constructor() {
      super("Could not parse response content as the length limit was reached");
    }
  },
  ContentFilterFinishReasonError = class extends OpenAIError {
    constructor() {
      super("Could not parse response content as the request was rejected by the content filter");
    }
  },
  InvalidWebhookSignatureError = class extends Error {
    constructor(message) {
      super(message);
    }
  },
  OAuthError = class extends APIError {
    constructor(status, error, headers) {
      let finalMessage = "OAuth2 authentication error",
        error_code;
      if (error && typeof error == "object") {
        const errorData = error;
        error_code = errorData.error;
        const description = errorData.error_description;
        description && typeof description == "string"
          ? (finalMessage = description)
          : error_code && (finalMessage = error_code);
      }
      super(status, error, finalMessage, headers), (this.error_code = error_code);
    }
  },
  SubjectTokenProviderError = class extends OpenAIError {
    constructor(message, provider, cause) {
      super(message), (this.provider = provider), (this.cause = cause);
    }
  };
var startsWithSchemeRegexp = /^[a-z][a-z0-9+.-]*:/i,
  isAbsoluteURL = (url) => startsWithSchemeRegexp.test(url),
  isArray = (val) => ((isArray = Array.isArray), isArray(val)),
  isReadonlyArray = isArray;
function maybeObj(x) {
  return typeof x != "object" ? {} : (x ?? {});
}
function isEmptyObj(obj) {
  if (!obj) return !0;
  for (const _k in obj) return !1;
  return !0;
}
function hasOwn(obj, key) {
  return Object.hasOwn(obj, key);
}
function isObj(obj) {
  return obj != null && typeof obj == "object" && !Array.isArray(obj);
}
var validatePositiveInteger = (name, n) => {
  if (typeof n != "number" || !Number.isInteger(n)) throw new OpenAIError(`${name} must be an integer`);
  if (n < 0) throw new OpenAIError(`${name} must be a positive integer`);
  return n;
};
var safeJSON = (text) => {
  try {
    return JSON.parse(text);
  } catch {
    return;
  }
};
var sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
var VERSION = "6.49.0";
var isRunningInBrowser = () => typeof window < "u" && typeof window.document < "u" && typeof navigator < "u";
function getDetectedPlatform() {
  return typeof Deno < "u" && Deno.build != null
    ? "deno"
    : typeof EdgeRuntime < "u"
      ? "edge"
      : Object.prototype.toString.call(typeof globalThis.process < "u" ? globalThis.process : 0) === "[object process]"
        ? "node"
        : "unknown";
}
var getPlatformProperties = () => {
  const detectedPlatform = getDetectedPlatform();
  if (detectedPlatform === "deno")
    return {
      "X-Stainless-Lang": "js",
      "X-Stainless-Package-Version": VERSION,
      "X-Stainless-OS": normalizePlatform(Deno.build.os),
      "X-Stainless-Arch": normalizeArch(Deno.build.arch),
      "X-Stainless-Runtime": "deno",
      "X-Stainless-Runtime-Version": typeof Deno.version == "string" ? Deno.version : (Deno.version?.deno ?? "unknown"),
    };
  if (typeof EdgeRuntime < "u")
    return {
      "X-Stainless-Lang": "js",
      "X-Stainless-Package-Version": VERSION,
      "X-Stainless-OS": "Unknown",
      "X-Stainless-Arch": `other:${EdgeRuntime}`,
      "X-Stainless-Runtime": "edge",
      "X-Stainless-Runtime-Version": globalThis.process.version,
    };
  if (detectedPlatform === "node")
    return {
      "X-Stainless-Lang": "js",
      "X-Stainless-Package-Version": VERSION,
      "X-Stainless-OS": normalizePlatform(globalThis.process.platform ?? "unknown"),
      "X-Stainless-Arch": normalizeArch(globalThis.process.arch ?? "unknown"),
      "X-Stainless-Runtime": "node",
      "X-Stainless-Runtime-Version": globalThis.process.version ?? "unknown",
    };
  const browserInfo = getBrowserInfo();
  return browserInfo
    ? {
        "X-Stainless-Lang": "js",
        "X-Stainless-Package-Version": VERSION,
        "X-Stainless-OS": "Unknown",
        "X-Stainless-Arch": "unknown",
        "X-Stainless-Runtime": `browser:${browserInfo.browser}`,
        "X-Stainless-Runtime-Version": browserInfo.version,
      }
    : {
        "X-Stainless-Lang": "js",
        "X-Stainless-Package-Version": VERSION,
        "X-Stainless-OS": "Unknown",
        "X-Stainless-Arch": "unknown",
        "X-Stainless-Runtime": "unknown",
        "X-Stainless-Runtime-Version": "unknown",
      };
};
function getBrowserInfo() {
  if (typeof navigator > "u" || !navigator) return null;
  const browserPatterns = [
    { key: "edge", pattern: /Edge(?:\W+(\d+)\.(\d+)(?:\.(\d+))?)?/ },
    { key: "ie", pattern: /MSIE(?:\W+(\d+)\.(\d+)(?:\.(\d+))?)?/ },
    { key: "ie", pattern: /Trident(?:.*rv:(\d+)\.(\d+)(?:\.(\d+))?)?/ },
    { key: "chrome", pattern: /Chrome(?:\W+(\d+)\.(\d+)(?:\.(\d+))?)?/ },
    { key: "firefox", pattern: /Firefox(?:\W+(\d+)\.(\d+)(?:\.(\d+))?)?/ },
    { key: "safari", pattern: /(?:Version\W+(\d+)\.(\d+)(?:\.(\d+))?)?(?:\W+Mobile\S*)?\W+Safari/ },
  ];
  for (const { key, pattern } of browserPatterns) {
    const match = pattern.exec(navigator.userAgent);
    if (match) {
      const major = match[1] || 0,
        minor = match[2] || 0,
        patch = match[3] || 0;
      return { browser: key, version: `${major}.${minor}.${patch}` };
    }
  }
  return null;
}
var normalizeArch = (arch) =>
    arch === "x32"
      ? "x32"
      : arch === "x86_64" || arch === "x64"
        ? "x64"
        : arch === "arm"
          ? "arm"
          : arch === "aarch64" || arch === "arm64"
            ? "arm64"
            : arch
              ? `other:${arch}`
              : "unknown",
  normalizePlatform = (platform) => (
    (platform = platform.toLowerCase()),
    platform.includes("ios")
      ? "iOS"
      : platform === "android"
        ? "Android"
        : platform === "darwin"
          ? "MacOS"
          : platform === "win32"
            ? "Windows"
            : platform === "freebsd"
              ? "FreeBSD"
              : platform === "openbsd"
                ? "OpenBSD"
                : platform === "linux"
                  ? "Linux"
                  : platform
                    ? `Other:${platform}`
                    : "Unknown"
  ),
  _platformHeaders,
  getPlatformHeaders = () => _platformHeaders ?? (_platformHeaders = getPlatformProperties());
function getDefaultFetch() {
  if (typeof fetch < "u") return fetch;
  throw new Error(
    "`fetch` is not defined as a global; Either pass `fetch` to the client, `new OpenAI({ fetch })` or polyfill the global, `globalThis.fetch = fetch`",
  );
}
function makeReadableStream(...args) {
  const ReadableStream2 = globalThis.ReadableStream;
  if (typeof ReadableStream2 > "u")
    throw new Error(
      "`ReadableStream` is not defined as a global; You will need to polyfill it, `globalThis.ReadableStream = ReadableStream`",
    );
  return new ReadableStream2(...args);
}
function ReadableStreamFrom(iterable) {
  const iter = Symbol.asyncIterator in iterable ? iterable[Symbol.asyncIterator]() : iterable[Symbol.iterator]();
  return makeReadableStream({
    start() {},
    async pull(controller) {
      const { done, value } = await iter.next();
      done ? controller.close() : controller.enqueue(value);
    },
    async cancel() {
      await iter.return?.();
    },
  });
}
function ReadableStreamToAsyncIterable(stream) {
  if (stream[Symbol.asyncIterator]) return stream;
  const reader = stream.getReader();
  return {
    async next() {
      try {
        const result = await reader.read();
        return result?.done && reader.releaseLock(), result;
      } catch (e) {
        throw (reader.releaseLock(), e);
      }
    },
    async return() {
      const cancelPromise = reader.cancel();
      return reader.releaseLock(), await cancelPromise, { done: !0, value: void 0 };
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
async function CancelReadableStream(stream) {
  if (stream === null || typeof stream != "object") return;
  if (stream[Symbol.asyncIterator]) {
    await stream[Symbol.asyncIterator]().return?.();
    return;
  }
  const reader = stream.getReader(),
    cancelPromise = reader.cancel();
  reader.releaseLock(), await cancelPromise;
}
var FallbackEncoder = ({ headers, body }) => ({
  bodyHeaders: { "content-type": "application/json" },
  body: JSON.stringify(body),
});
var default_format = "RFC3986",
  default_formatter = (v) => String(v),
  formatters = { RFC1738: (v) => String(v).replace(/%20/g, "+"), RFC3986: default_formatter },
  RFC1738 = "RFC1738";
var has = (obj, key) => (
    (has = Object.hasOwn ?? Function.prototype.call.bind(Object.prototype.hasOwnProperty)), has(obj, key)
  ),
  hex_table = (() => {
    const array = [];
    for (let i = 0; i < 256; ++i) array.push("%" + ((i < 16 ? "0" : "") + i.toString(16)).toUpperCase());
    return array;
  })();
var limit = 1024,
  encode = (str2, _defaultEncoder, charset, _kind, format) => {
    if (str2.length === 0) return str2;
    let string = str2;
    if (
      (typeof str2 == "symbol"
        ? (string = Symbol.prototype.toString.call(str2))
        : typeof str2 != "string" && (string = String(str2)),
      charset === "iso-8859-1")
    )
      return escape(string).replace(/%u[0-9a-f]{4}/gi, ($0) => "%26%23" + parseInt($0.slice(2), 16) + "%3B");
    let out = "";
    for (let j = 0; j < string.length; j += limit) {
      const segment = string.length >= limit ? string.slice(j, j + limit) : string,
        arr = [];
      for (let i = 0; i < segment.length; ++i) {
        let c = segment.charCodeAt(i);
        if (
          c === 45 ||
          c === 46 ||
          c === 95 ||
          c === 126 ||
          (c >= 48 && c <= 57) ||
          (c >= 65 && c <= 90) ||
          (c >= 97 && c <= 122) ||
          (format === RFC1738 && (c === 40 || c === 41))
        ) {
          arr[arr.length] = segment.charAt(i);
          continue;
        }
        if (c < 128) {
          arr[arr.length] = hex_table[c];
          continue;
        }
        if (c < 2048) {
          arr[arr.length] = hex_table[192 | (c >> 6)] + hex_table[128 | (c & 63)];
          continue;
        }
        if (c < 55296 || c >= 57344) {
          arr[arr.length] = hex_table[224 | (c >> 12)] + hex_table[128 | ((c >> 6) & 63)] + hex_table[128 | (c & 63)];
          continue;
        }
        (i += 1),
          (c = 65536 + (((c & 1023) << 10) | (segment.charCodeAt(i) & 1023))),
          (arr[arr.length] =
            hex_table[240 | (c >> 18)] +
            hex_table[128 | ((c >> 12) & 63)] +
            hex_table[128 | ((c >> 6) & 63)] +
            hex_table[128 | (c & 63)]);
      }
      out += arr.join("");
    }
    return out;
  };
function is_buffer(obj) {
  return !obj || typeof obj != "object"
    ? !1
    : !!(obj.constructor && obj.constructor.isBuffer && obj.constructor.isBuffer(obj));
}
function maybe_map(val, fn) {
  if (isArray(val)) {
    const mapped = [];
    for (let i = 0; i < val.length; i += 1) mapped.push(fn(val[i]));
    return mapped;
  }
  return fn(val);
}
var array_prefix_generators = {
    brackets(prefix) {
      return String(prefix) + "[]";
    },
    comma: "comma",
    indices(prefix, key) {
      return String(prefix) + "[" + key + "]";
    },
    repeat(prefix) {
      return String(prefix);
    },
  },
  push_to_array = (arr, value_or_array) => {
    Array.prototype.push.apply(arr, isArray(value_or_array) ? value_or_array : [value_or_array]);
  },
  toISOString,
  defaults = {
    addQueryPrefix: !1,
    allowDots: !1,
    allowEmptyArrays: !1,
    arrayFormat: "indices",
    charset: "utf-8",
    charsetSentinel: !1,
    delimiter: "&",
    encode: !0,
    encodeDotInKeys: !1,
    encoder: encode,
    encodeValuesOnly: !1,
    format: default_format,
    formatter: default_formatter,
    indices: !1,
    serializeDate(date) {
      return (toISOString ?? (toISOString = Function.prototype.call.bind(Date.prototype.toISOString)))(date);
    },
    skipNulls: !1,
    strictNullHandling: !1,
  };
function is_non_nullish_primitive(v) {
  return (
    typeof v == "string" ||
    typeof v == "number" ||
    typeof v == "boolean" ||
    typeof v == "symbol" ||
    typeof v == "bigint"
  );
}
var sentinel = {};
function inner_stringify(
  object,
  prefix,
  generateArrayPrefix,
  commaRoundTrip,
  allowEmptyArrays,
  strictNullHandling,
  skipNulls,
  encodeDotInKeys,
  encoder,
  filter,
  sort,
  allowDots,
  serializeDate,
  format,
  formatter,
  encodeValuesOnly,
  charset,
  sideChannel,
) {
  let obj = object,
    tmp_sc = sideChannel,
    step = 0,
    find_flag = !1;
  for (; (tmp_sc = tmp_sc.get(sentinel)) !== void 0 && !find_flag; ) {
    const pos = tmp_sc.get(object);
    if (((step += 1), typeof pos < "u")) {
      if (pos === step) throw new RangeError("Cyclic object value");
      find_flag = !0;
    }
    typeof tmp_sc.get(sentinel) > "u" && (step = 0);
  }
  if (
    (typeof filter == "function"
      ? (obj = filter(prefix, obj))
      : obj instanceof Date
        ? (obj = serializeDate?.(obj))
        : generateArrayPrefix === "comma" &&
          isArray(obj) &&
          (obj = maybe_map(obj, (value) => (value instanceof Date ? serializeDate?.(value) : value))),
    obj === null)
  ) {
    if (strictNullHandling)
      return encoder && !encodeValuesOnly ? encoder(prefix, defaults.encoder, charset, "key", format) : prefix;
    obj = "";
  }
  if (is_non_nullish_primitive(obj) || is_buffer(obj)) {
    if (encoder) {
      const key_value = encodeValuesOnly ? prefix : encoder(prefix, defaults.encoder, charset, "key", format);
      return [formatter?.(key_value) + "=" + formatter?.(encoder(obj, defaults.encoder, charset, "value", format))];
    }
    return [formatter?.(prefix) + "=" + formatter?.(String(obj))];
  }
  const values = [];
  if (typeof obj > "u") return values;
  let obj_keys;
  if (generateArrayPrefix === "comma" && isArray(obj))
    encodeValuesOnly && encoder && (obj = maybe_map(obj, encoder)),
      (obj_keys = [{ value: obj.length > 0 ? obj.join(",") || null : void 0 }]);
  else if (isArray(filter)) obj_keys = filter;
  else {
    const keys = Object.keys(obj);
    obj_keys = sort ? keys.sort(sort) : keys;
  }
  const encoded_prefix = encodeDotInKeys ? String(prefix).replace(/\./g, "%2E") : String(prefix),
    adjusted_prefix = commaRoundTrip && isArray(obj) && obj.length === 1 ? encoded_prefix + "[]" : encoded_prefix;
  if (allowEmptyArrays && isArray(obj) && obj.length === 0) return adjusted_prefix + "[]";
  for (let j = 0; j < obj_keys.length; ++j) {
    const key = obj_keys[j],
      value = typeof key == "object" && typeof key.value < "u" ? key.value : obj[key];
    if (skipNulls && value === null) continue;
    const encoded_key = allowDots && encodeDotInKeys ? key.replace(/\./g, "%2E") : key,
      key_prefix = isArray(obj)
        ? typeof generateArrayPrefix == "function"
          ? generateArrayPrefix(adjusted_prefix, encoded_key)
          : adjusted_prefix
        : adjusted_prefix + (allowDots ? "." + encoded_key : "[" + encoded_key + "]");
    sideChannel.set(object, step);
    const valueSideChannel = new WeakMap();
    valueSideChannel.set(sentinel, sideChannel),
      push_to_array(
        values,
        inner_stringify(
          value,
          key_prefix,
          generateArrayPrefix,
          commaRoundTrip,
          allowEmptyArrays,
          strictNullHandling,
          skipNulls,
          encodeDotInKeys,
          generateArrayPrefix === "comma" && encodeValuesOnly && isArray(obj) ? null : encoder,
          filter,
          sort,
          allowDots,
          serializeDate,
          format,
          formatter,
          encodeValuesOnly,
          charset,
          valueSideChannel,
        ),
      );
  }
  return values;
}
function normalize_stringify_options(opts = defaults) {
  if (typeof opts.allowEmptyArrays < "u" && typeof opts.allowEmptyArrays != "boolean")
    throw new TypeError("`allowEmptyArrays` option can only be `true` or `false`, when provided");
  if (typeof opts.encodeDotInKeys < "u" && typeof opts.encodeDotInKeys != "boolean")
    throw new TypeError("`encodeDotInKeys` option can only be `true` or `false`, when provided");
  if (opts.encoder !== null && typeof opts.encoder < "u" && typeof opts.encoder != "function")
    throw new TypeError("Encoder has to be a function.");
  const charset = opts.charset || defaults.charset;
  if (typeof opts.charset < "u" && opts.charset !== "utf-8" && opts.charset !== "iso-8859-1")
    throw new TypeError("The charset option must be either utf-8, iso-8859-1, or undefined");
  let format = default_format;
  if (typeof opts.format < "u") {
    if (!has(formatters, opts.format)) throw new TypeError("Unknown format option provided.");
    format = opts.format;
  }
  let formatter = formatters[format],
    filter = defaults.filter;
  (typeof opts.filter == "function" || isArray(opts.filter)) && (filter = opts.filter);
  let arrayFormat;
  if (
    (opts.arrayFormat && opts.arrayFormat in array_prefix_generators
      ? (arrayFormat = opts.arrayFormat)
      : "indices" in opts
        ? (arrayFormat = opts.indices ? "indices" : "repeat")
        : (arrayFormat = defaults.arrayFormat),
    "commaRoundTrip" in opts && typeof opts.commaRoundTrip != "boolean")
  )
    throw new TypeError("`commaRoundTrip` must be a boolean, or absent");
  const allowDots = typeof opts.allowDots > "u" ? (opts.encodeDotInKeys ? !0 : defaults.allowDots) : !!opts.allowDots;
  return {
    addQueryPrefix: typeof opts.addQueryPrefix == "boolean" ? opts.addQueryPrefix : defaults.addQueryPrefix,
    allowDots,
    allowEmptyArrays: typeof opts.allowEmptyArrays == "boolean" ? !!opts.allowEmptyArrays : defaults.allowEmptyArrays,
    arrayFormat,
    charset,
    charsetSentinel: typeof opts.charsetSentinel == "boolean" ? opts.charsetSentinel : defaults.charsetSentinel,
    commaRoundTrip: !!opts.commaRoundTrip,
    delimiter: typeof opts.delimiter > "u" ? defaults.delimiter : opts.delimiter,
    encode: typeof opts.encode == "boolean" ? opts.encode : defaults.encode,
    encodeDotInKeys: typeof opts.encodeDotInKeys == "boolean" ? opts.encodeDotInKeys : defaults.encodeDotInKeys,
    encoder: typeof opts.encoder == "function" ? opts.encoder : defaults.encoder,
    encodeValuesOnly: typeof opts.encodeValuesOnly == "boolean" ? opts.encodeValuesOnly : defaults.encodeValuesOnly,
    filter,
    format,
    formatter,
    serializeDate: typeof opts.serializeDate == "function" ? opts.serializeDate : defaults.serializeDate,
    skipNulls: typeof opts.skipNulls == "boolean" ? opts.skipNulls : defaults.skipNulls,
    sort: typeof opts.sort == "function" ? opts.sort : null,
    strictNullHandling:
      typeof opts.strictNullHandling == "boolean" ? opts.strictNullHandling : defaults.strictNullHandling,
  };
}
function stringify(object, opts = {}) {
  let obj = object,
    options = normalize_stringify_options(opts),
    obj_keys,
    filter;
  typeof options.filter == "function"
    ? ((filter = options.filter), (obj = filter("", obj)))
    : isArray(options.filter) && ((filter = options.filter), (obj_keys = filter));
  const keys = [];
  if (typeof obj != "object" || obj === null) return "";
  const generateArrayPrefix = array_prefix_generators[options.arrayFormat],
    commaRoundTrip = generateArrayPrefix === "comma" && options.commaRoundTrip;
  obj_keys || (obj_keys = Object.keys(obj)), options.sort && obj_keys.sort(options.sort);
  const sideChannel = new WeakMap();
  for (let i = 0; i < obj_keys.length; ++i) {
    const key = obj_keys[i];
    (options.skipNulls && obj[key] === null) ||
      push_to_array(
        keys,
        inner_stringify(
          obj[key],
          key,
          generateArrayPrefix,
          commaRoundTrip,
          options.allowEmptyArrays,
          options.strictNullHandling,
          options.skipNulls,
          options.encodeDotInKeys,
          options.encode ? options.encoder : null,
          options.filter,
          options.sort,
          options.allowDots,
          options.serializeDate,
          options.format,
          options.formatter,
          options.encodeValuesOnly,
          options.charset,
          sideChannel,
        ),
      );
  }
  let joined = keys.join(options.delimiter),
    prefix = options.addQueryPrefix === !0 ? "?" : "";
  return (
    options.charsetSentinel &&
      (options.charset === "iso-8859-1" ? (prefix += "utf8=%26%2310003%3B&") : (prefix += "utf8=%E2%9C%93&")),
    joined.length > 0 ? prefix + joined : ""
  );
}
function stringifyQuery(query) {
  return stringify(query, { arrayFormat: "brackets" });
}
function concatBytes(buffers) {
  let length = 0;
  for (const buffer of buffers) length += buffer.length;
  let output = new Uint8Array(length),
    index = 0;
  for (const buffer of buffers) output.set(buffer, index), (index += buffer.length);
  return output;
}
var encodeUTF8_;
function encodeUTF8(str2) {
  let encoder;
  return (encodeUTF8_ ?? ((encoder = new globalThis.TextEncoder()), (encodeUTF8_ = encoder.encode.bind(encoder))))(
    str2,
  );
}
var decodeUTF8_;
function decodeUTF8(bytes) {
  let decoder;
  return (decodeUTF8_ ?? ((decoder = new globalThis.TextDecoder()), (decodeUTF8_ = decoder.decode.bind(decoder))))(
    bytes,
  );
}
var _LineDecoder_buffer,
  _LineDecoder_carriageReturnIndex,
  LineDecoder = class {
    constructor() {
      _LineDecoder_buffer.set(this, void 0),
        _LineDecoder_carriageReturnIndex.set(this, void 0),
        __classPrivateFieldSet(this, _LineDecoder_buffer, new Uint8Array(), "f"),
        __classPrivateFieldSet(this, _LineDecoder_carriageReturnIndex, null, "f");
    }
    decode(chunk) {
      if (chunk == null) return [];
      const binaryChunk =
        chunk instanceof ArrayBuffer ? new Uint8Array(chunk) : typeof chunk == "string" ? encodeUTF8(chunk) : chunk;
      __classPrivateFieldSet(
        this,
        _LineDecoder_buffer,
        concatBytes([__classPrivateFieldGet(this, _LineDecoder_buffer, "f"), binaryChunk]),
        "f",
      );
      let lines = [],
        patternIndex;
      for (
        ;
        (patternIndex = findNewlineIndex(
          __classPrivateFieldGet(this, _LineDecoder_buffer, "f"),
          __classPrivateFieldGet(this, _LineDecoder_carriageReturnIndex, "f"),
        )) != null;
      ) {
        if (patternIndex.carriage && __classPrivateFieldGet(this, _LineDecoder_carriageReturnIndex, "f") == null) {
          __classPrivateFieldSet(this, _LineDecoder_carriageReturnIndex, patternIndex.index, "f");
          continue;
        }
        if (
          __classPrivateFieldGet(this, _LineDecoder_carriageReturnIndex, "f") != null &&
          (patternIndex.index !== __classPrivateFieldGet(this, _LineDecoder_carriageReturnIndex, "f") + 1 ||
            patternIndex.carriage)
        ) {
          lines.push(
            decodeUTF8(
              __classPrivateFieldGet(this, _LineDecoder_buffer, "f").subarray(
                0,
                __classPrivateFieldGet(this, _LineDecoder_carriageReturnIndex, "f") - 1,
              ),
            ),
          ),
            __classPrivateFieldSet(
              this,
              _LineDecoder_buffer,
              __classPrivateFieldGet(this, _LineDecoder_buffer, "f").subarray(
                __classPrivateFieldGet(this, _LineDecoder_carriageReturnIndex, "f"),
              ),
              "f",
            ),
            __classPrivateFieldSet(this, _LineDecoder_carriageReturnIndex, null, "f");
          continue;
        }
        const endIndex =
            __classPrivateFieldGet(this, _LineDecoder_carriageReturnIndex, "f") !== null
              ? patternIndex.preceding - 1
              : patternIndex.preceding,
          line = decodeUTF8(__classPrivateFieldGet(this, _LineDecoder_buffer, "f").subarray(0, endIndex));
        lines.push(line),
          __classPrivateFieldSet(
            this,
            _LineDecoder_buffer,
            __classPrivateFieldGet(this, _LineDecoder_buffer, "f").subarray(patternIndex.index),
            "f",
          ),
          __classPrivateFieldSet(this, _LineDecoder_carriageReturnIndex, null, "f");
      }
      return lines;
    }
    flush() {
      return __classPrivateFieldGet(this, _LineDecoder_buffer, "f").length
        ? this.decode(`
`)
        : [];
    }
  };
(_LineDecoder_buffer = new WeakMap()), (_LineDecoder_carriageReturnIndex = new WeakMap());
LineDecoder.NEWLINE_CHARS = new Set([
  `
`,
  "\r",
]);
LineDecoder.NEWLINE_REGEXP = /\r\n|[\n\r]/g;
function findNewlineIndex(buffer, startIndex) {
  for (let i = startIndex ?? 0; i < buffer.length; i++) {
    if (buffer[i] === 10) return { preceding: i, index: i + 1, carriage: !1 };
    if (buffer[i] === 13) return { preceding: i, index: i + 1, carriage: !0 };
  }
  return null;
}
function findDoubleNewlineIndex(buffer) {
  for (let i = 0; i < buffer.length - 1; i++) {
    if ((buffer[i] === 10 && buffer[i + 1] === 10) || (buffer[i] === 13 && buffer[i + 1] === 13)) return i + 2;
    if (
      buffer[i] === 13 &&
      buffer[i + 1] === 10 &&
      i + 3 < buffer.length &&
      buffer[i + 2] === 13 &&
      buffer[i + 3] === 10
    )
      return i + 4;
  }
  return -1;
}
var levelNumbers = { off: 0, error: 200, warn: 300, info: 400, debug: 500 },
  parseLogLevel = (maybeLevel, sourceName, client) => {
    if (maybeLevel) {
      if (hasOwn(levelNumbers, maybeLevel)) return maybeLevel;
      loggerFor(client).warn(
        `${sourceName} was set to ${JSON.stringify(maybeLevel)}, expected one of ${JSON.stringify(Object.keys(levelNumbers))}`,
      );
    }
  };
function noop() {}
function makeLogFn(fnLevel, logger, logLevel) {
  return !logger || levelNumbers[fnLevel] > levelNumbers[logLevel] ? noop : logger[fnLevel].bind(logger);
}
var noopLogger = { error: noop, warn: noop, info: noop, debug: noop },
  cachedLoggers = new WeakMap();
function loggerFor(client) {
  const logger = client.logger,
    logLevel = client.logLevel ?? "off";
  if (!logger) return noopLogger;
  const cachedLogger = cachedLoggers.get(logger);
  if (cachedLogger && cachedLogger[0] === logLevel) return cachedLogger[1];
  const levelLogger = {
    error: makeLogFn("error", logger, logLevel),
    warn: makeLogFn("warn", logger, logLevel),
    info: makeLogFn("info", logger, logLevel),
    debug: makeLogFn("debug", logger, logLevel),
  };
  return cachedLoggers.set(logger, [logLevel, levelLogger]), levelLogger;
}
var formatRequestDetails = (details) => (
  details.options && ((details.options = { ...details.options }), delete details.options.headers),
  details.headers &&
    (details.headers = Object.fromEntries(
      (details.headers instanceof LiteHeaders ? [...details.headers] : Object.entries(details.headers)).map(
        ([name, value]) => [
          name,
          name.toLowerCase() === "authorization" ||
          name.toLowerCase() === "api-key" ||
          name.toLowerCase() === "x-api-key" ||
          name.toLowerCase() === "x-amz-security-token" ||
          name.toLowerCase() === "cookie" ||
          name.toLowerCase() === "set-cookie"
            ? "***"
            : value,
        ],
      ),
    )),
  "retryOfRequestLogID" in details &&
    (details.retryOfRequestLogID && (details.retryOf = details.retryOfRequestLogID),
    delete details.retryOfRequestLogID),
  details
);
var _Stream_client,
  Stream = class _Stream {
    constructor(iterator, controller, client) {
      (this.iterator = iterator),
        _Stream_client.set(this, void 0),
        (this.controller = controller),
        __classPrivateFieldSet(this, _Stream_client, client, "f");
    }
    static fromSSEResponse(response, controller, client, synthesizeEventData) {
      let consumed = !1,
        logger = client ? loggerFor(client) : console;
      async function* iterator() {
        if (consumed) throw new OpenAIError("Cannot iterate over a consumed stream, use `.tee()` to split the stream.");
        consumed = !0;
        let done = !1;
        try {
          for await (const sse of _iterSSEMessages(response, controller))
            if (!done) {
              if (sse.data.startsWith("[DONE]")) {
                done = !0;
                continue;
              }
              if (sse.event === null || !sse.event.startsWith("thread.")) {
                let data;
                try {
                  data = JSON.parse(sse.data);
                } catch (e) {
                  throw (
                    (logger.error("Could not parse message into JSON:", sse.data),
                    logger.error("From chunk:", sse.raw),
                    e)
                  );
                }
                if (data && data.error) throw new APIError(void 0, data.error, void 0, response.headers);
                yield synthesizeEventData ? { event: sse.event, data } : data;
              } else {
                let data;
                try {
                  data = JSON.parse(sse.data);
                } catch (e) {
                  throw (
                    (console.error("Could not parse message into JSON:", sse.data),
                    console.error("From chunk:", sse.raw),
                    e)
                  );
                }
                if (sse.event == "error") throw new APIError(void 0, data.error, data.message, void 0);
                yield { event: sse.event, data };
              }
            }
          done = !0;
        } catch (e) {
          if (isAbortError(e)) return;
          throw e;
        } finally {
          done || controller.abort();
        }
      }
      return new _Stream(iterator, controller, client);
    }
    static fromReadableStream(readableStream, controller, client) {
      let consumed = !1;
      async function* iterLines() {
        let lineDecoder = new LineDecoder(),
          reader = readableStream.getReader(),
          closed = !1,
          cancelPromise,
          cancel = () => {
            cancelPromise ?? (cancelPromise = reader.cancel()), cancelPromise.catch(() => {});
          };
        controller.signal.addEventListener("abort", cancel, { once: !0 });
        try {
          if (controller.signal.aborted) {
            cancel();
            return;
          }
          for (;;) {
            const { value: chunk, done } = await reader.read();
            if (done) {
              closed = !0;
              break;
            }
            if (controller.signal.aborted) return;
            for (const line of lineDecoder.decode(chunk)) {
              if (controller.signal.aborted) return;
              yield line;
            }
          }
          if (controller.signal.aborted) return;
          for (const line of lineDecoder.flush()) {
            if (controller.signal.aborted) return;
            yield line;
          }
        } finally {
          controller.signal.removeEventListener("abort", cancel), closed || cancel(), reader.releaseLock();
        }
      }
      async function* iterator() {
        if (consumed) throw new OpenAIError("Cannot iterate over a consumed stream, use `.tee()` to split the stream.");
        consumed = !0;
        let done = !1;
        try {
          for await (const line of iterLines()) done || (line && (yield JSON.parse(line)));
          done = !0;
        } catch (e) {
          if (controller.signal.aborted || isAbortError(e)) return;
          throw e;
        } finally {
          done || controller.abort();
        }
      }
      return new _Stream(iterator, controller, client);
    }
    [((_Stream_client = new WeakMap()), Symbol.asyncIterator)]() {
      return this.iterator();
    }
    tee() {
      const left = [],
        right = [],
        iterator = this.iterator(),
        teeIterator = (queue) => ({
          next: () => {
            if (queue.length === 0) {
              const result = iterator.next();
              left.push(result), right.push(result);
            }
            return queue.shift();
          },
        });
      return [
        new _Stream(() => teeIterator(left), this.controller, __classPrivateFieldGet(this, _Stream_client, "f")),
        new _Stream(() => teeIterator(right), this.controller, __classPrivateFieldGet(this, _Stream_client, "f")),
      ];
    }
    toReadableStream() {
      let self = this,
        iter;
      return makeReadableStream({
        async start() {
          iter = self[Symbol.asyncIterator]();
        },
        async pull(ctrl) {
          try {
            const { value, done } = await iter.next();
            if (done) return ctrl.close();
            const bytes = encodeUTF8(
              JSON.stringify(value) +
                `
`,
            );
            ctrl.enqueue(bytes);
          } catch (err) {
            ctrl.error(err);
          }
        },
        async cancel() {
          await iter.return?.();
        },
      });
    }
  };
async function* _iterSSEMessages(response, controller) {
  if (!response.body)
    throw (
      (controller.abort(),
      typeof globalThis.navigator < "u" && globalThis.navigator.product === "ReactNative"
        ? new OpenAIError(
            "The default react-native fetch implementation does not support streaming. Please use expo/fetch: https://docs.expo.dev/versions/latest/sdk/expo/#expofetch-api",
          )
        : new OpenAIError("Attempted to iterate over a response with no body"))
    );
  const sseDecoder = new SSEDecoder(),
    lineDecoder = new LineDecoder(),
    iter = ReadableStreamToAsyncIterable(response.body);
  for await (const sseChunk of iterSSEChunks(iter))
    for (const line of lineDecoder.decode(sseChunk)) {
      const sse = sseDecoder.decode(line);
      sse && (yield sse);
    }
  for (const line of lineDecoder.flush()) {
    const sse = sseDecoder.decode(line);
    sse && (yield sse);
  }
}
async function* iterSSEChunks(iterator) {
  let data = new Uint8Array();
  for await (const chunk of iterator) {
    if (chunk == null) continue;
    const binaryChunk =
        chunk instanceof ArrayBuffer ? new Uint8Array(chunk) : typeof chunk == "string" ? encodeUTF8(chunk) : chunk,
      newData = new Uint8Array(data.length + binaryChunk.length);
    newData.set(data), newData.set(binaryChunk, data.length), (data = newData);
    let patternIndex;
    for (; (patternIndex = findDoubleNewlineIndex(data)) !== -1; )
      yield data.slice(0, patternIndex), (data = data.slice(patternIndex));
  }
  data.length > 0 && (yield data);
}
var SSEDecoder = class {
  constructor() {
    (this.event = null), (this.data = []), (this.chunks = []);
  }
  decode(line) {
    if ((line.endsWith("\r") && (line = line.substring(0, line.length - 1)), !line)) {
      if (!this.event && !this.data.length) return null;
      const sse = {
        event: this.event,
        data: this.data.join(`
`),
        raw: this.chunks,
      };
      return (this.event = null), (this.data = []), (this.chunks = []), sse;
    }
    if ((this.chunks.push(line), line.startsWith(":"))) return null;
    let [fieldname, _, value] = partition(line, ":");
    return (
      value.startsWith(" ") && (value = value.substring(1)),
      fieldname === "event" ? (this.event = value) : fieldname === "data" && this.data.push(value),
      null
    );
  }
};
function partition(str2, delimiter) {
  const index = str2.indexOf(delimiter);
  return index !== -1
    ? [str2.substring(0, index), delimiter, str2.substring(index + delimiter.length)]
    : [str2, "", ""];
}
async function defaultParseResponse(client, props) {
  const { response, requestLogID, retryOfRequestLogID, startTime } = props,
    body = await (async () => {
      if (props.options.stream)
        return (
          loggerFor(client).debug("response", response.status, response.url, response.headers, response.body),
          props.options.__streamClass
            ? props.options.__streamClass.fromSSEResponse(
                response,
                props.controller,
                client,
                props.options.__synthesizeEventData,
              )
            : Stream.fromSSEResponse(response, props.controller, client, props.options.__synthesizeEventData)
        );
      if (response.status === 204) return null;
      if (props.options.__binaryResponse) return response;
      const mediaType = response.headers.get("content-type")?.split(";")[0]?.trim();
      if (mediaType?.includes("application/json") || mediaType?.endsWith("+json")) {
        if (response.headers.get("content-length") === "0") return;
        const json = await response.json();
        return addRequestID(json, response);
      }
      return await response.text();
    })();
  return (
    loggerFor(client).debug(
      `[${requestLogID}] response parsed`,
      formatRequestDetails({
        retryOfRequestLogID,
        url: response.url,
        status: response.status,
        body,
        durationMs: Date.now() - startTime,
      }),
    ),
    body
  );
}
function addRequestID(value, response) {
  return !value || typeof value != "object" || Array.isArray(value)
    ? value
    : Object.defineProperty(value, "_request_id", { value: response.headers.get("x-request-id"), enumerable: !1 });
}
var _APIPromise_client,
  APIPromise = class _APIPromise extends Promise {
    constructor(client, responsePromise, parseResponse2 = defaultParseResponse) {
      super((resolve) => {
        resolve(null);
      }),
        (this.responsePromise = responsePromise),
        (this.parseResponse = parseResponse2),
        _APIPromise_client.set(this, void 0),
        __classPrivateFieldSet(this, _APIPromise_client, client, "f");
    }
    _thenUnwrap(transform) {
      return new _APIPromise(
        __classPrivateFieldGet(this, _APIPromise_client, "f"),
        this.responsePromise,
        async (client, props) =>
          addRequestID(transform(await this.parseResponse(client, props), props), props.response),
      );
    }
    asResponse() {
      return this.responsePromise.then((p) => p.response);
    }
    async withResponse() {
      const [data, response] = await Promise.all([this.parse(), this.asResponse()]);
      return { data, response, request_id: response.headers.get("x-request-id") };
    }
    parse() {
      return (
        this.parsedPromise ||
          (this.parsedPromise = this.responsePromise.then((data) =>
            this.parseResponse(__classPrivateFieldGet(this, _APIPromise_client, "f"), data),
          )),
        this.parsedPromise
      );
    }
    then(onfulfilled, onrejected) {
      return this.parse().then(onfulfilled, onrejected);
    }
    catch(onrejected) {
      return this.parse().catch(onrejected);
    }
    finally(onfinally) {
      return this.parse().finally(onfinally);
    }
  };
_APIPromise_client = new WeakMap();
var _AbstractPage_client,
  AbstractPage = class {
    constructor(client, response, body, options) {
      _AbstractPage_client.set(this, void 0),
        __classPrivateFieldSet(this, _AbstractPage_client, client, "f"),
        (this.options = options),
        (this.response = response),
        (this.body = body);
    }
    hasNextPage() {
      return this.getPaginatedItems().length ? this.nextPageRequestOptions() != null : !1;
    }
    async getNextPage() {
      const nextOptions = this.nextPageRequestOptions();
      if (!nextOptions)
        throw new OpenAIError("No next page expected; please check `.hasNextPage()` before calling `.getNextPage()`.");
      return await __classPrivateFieldGet(this, _AbstractPage_client, "f").requestAPIList(
        this.constructor,
        nextOptions,
      );
    }
    async *iterPages() {
      let page = this;
      for (yield page; page.hasNextPage(); ) (page = await page.getNextPage()), yield page;
    }
    async *[((_AbstractPage_client = new WeakMap()), Symbol.asyncIterator)]() {
      for await (const page of this.iterPages()) for (const item of page.getPaginatedItems()) yield item;
    }
  },
  PagePromise = class extends APIPromise {
    constructor(client, request, Page2) {
      super(
        client,
        request,
        async (client2, props) =>
          new Page2(client2, props.response, await defaultParseResponse(client2, props), props.options),
      );
    }
    async *[Symbol.asyncIterator]() {
      const page = await this;
      for await (const item of page) yield item;
    }
  },
  Page = class extends AbstractPage {
    constructor(client, response, body, options) {
      super(client, response, body, options), (this.data = body.data || []), (this.object = body.object);
    }
    getPaginatedItems() {
      return this.data ?? [];
    }
    nextPageRequestOptions() {
      return null;
    }
  },
  CursorPage = class extends AbstractPage {
    constructor(client, response, body, options) {
      super(client, response, body, options), (this.data = body.data || []), (this.has_more = body.has_more || !1);
    }
    getPaginatedItems() {
      return this.data ?? [];
    }
    hasNextPage() {
      return this.has_more === !1 ? !1 : super.hasNextPage();
    }
    nextPageRequestOptions() {
      const data = this.getPaginatedItems(),
        id = data[data.length - 1]?.id;
      return id ? { ...this.options, query: { ...maybeObj(this.options.query), after: id } } : null;
    }
  },
  ConversationCursorPage = class extends AbstractPage {
    constructor(client, response, body, options) {
      super(client, response, body, options),
        (this.data = body.data || []),
        (this.has_more = body.has_more || !1),
        (this.last_id = body.last_id || "");
    }
    getPaginatedItems() {
      return this.data ?? [];
    }
    hasNextPage() {
      return this.has_more === !1 ? !1 : super.hasNextPage();
    }
    nextPageRequestOptions() {
      const cursor = this.last_id;
      return cursor ? { ...this.options, query: { ...maybeObj(this.options.query), after: cursor } } : null;
    }
  },
  NextCursorPage = class extends AbstractPage {
    constructor(client, response, body, options) {
      super(client, response, body, options),
        (this.data = body.data || []),
        (this.has_more = body.has_more || !1),
        (this.next = body.next || null);
    }
    getPaginatedItems() {
      return this.data ?? [];
    }
    hasNextPage() {
      return this.has_more === !1 ? !1 : super.hasNextPage();
    }
    nextPageRequestOptions() {
      const cursor = this.next;
      return cursor ? { ...this.options, query: { ...maybeObj(this.options.query), after: cursor } } : null;
    }
  };
var SUBJECT_TOKEN_TYPES = {
    jwt: "urn:ietf:params:oauth:token-type:jwt",
    id: "urn:ietf:params:oauth:token-type:id_token",
  },
  TOKEN_EXCHANGE_GRANT_TYPE = "urn:ietf:params:oauth:grant-type:token-exchange",
  WorkloadIdentityAuth = class {
    constructor(config, fetch2) {
      (this.cachedToken = null),
        (this.refreshPromise = null),
        (this.tokenExchangeUrl = "https://auth.openai.com/oauth/token"),
        (this.config = config),
        (this.fetch = fetch2 ?? getDefaultFetch());
    }
    async getToken() {
      if (!this.cachedToken || this.isTokenExpired(this.cachedToken)) {
        if (this.refreshPromise) return await this.refreshPromise;
        this.refreshPromise = this.refreshToken();
        try {
          return await this.refreshPromise;
        } finally {
          this.refreshPromise = null;
        }
      }
      return (
        this.needsRefresh(this.cachedToken) &&
          !this.refreshPromise &&
          (this.refreshPromise = this.refreshToken().finally(() => {
            this.refreshPromise = null;
          })),
        this.cachedToken.token
      );
    }
    async refreshToken() {
      const subjectToken = await this.config.provider.getToken(),
        body = {
          grant_type: TOKEN_EXCHANGE_GRANT_TYPE,
          subject_token: subjectToken,
          subject_token_type: SUBJECT_TOKEN_TYPES[this.config.provider.tokenType],
          identity_provider_id: this.config.identityProviderId,
          service_account_id: this.config.serviceAccountId,
        };
      this.config.clientId && (body.client_id = this.config.clientId);
      const response = await this.fetch(this.tokenExchangeUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      if (!response.ok) {
        let errorText = await response.text(),
          body2;
        try {
          body2 = JSON.parse(errorText);
        } catch {}
        throw response.status === 400 || response.status === 401 || response.status === 403
          ? new OAuthError(response.status, body2, response.headers)
          : APIError.generate(
              response.status,
              body2,
              `Token exchange failed with status ${response.status}`,
              response.headers,
            );
      }
      const tokenResponse = await response.json();
      if (
        typeof tokenResponse != "object" ||
        tokenResponse === null ||
        !("access_token" in tokenResponse) ||
        typeof tokenResponse.access_token != "string" ||
        tokenResponse.access_token.trim().length === 0
      )
        throw new OpenAIError("Token exchange response missing 'access_token' field");
      const accessToken = tokenResponse.access_token,
        expiresIn = tokenResponse.expires_in ?? 3600,
        expiresAt = Date.now() + expiresIn * 1e3;
      return (this.cachedToken = { token: accessToken, expiresAt }), accessToken;
    }
    isTokenExpired(cachedToken) {
      return Date.now() >= cachedToken.expiresAt;
    }
    needsRefresh(cachedToken) {
      const bufferMs = (this.config.refreshBufferSeconds ?? 1200) * 1e3;
      return Date.now() >= cachedToken.expiresAt - bufferMs;
    }
    invalidateToken() {
      (this.cachedToken = null), (this.refreshPromise = null);
    }
  };
var brand_privateNullableHeaders = Symbol("brand.privateNullableHeaders"),
  httpTokenHeaderName = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
function* iterateHeaders(headers) {
  if (!headers) return;
  if (brand_privateNullableHeaders in headers) {
    const { values, nulls } = headers;
    yield* values.entries();
    for (const name of nulls) yield [name, null];
    return;
  }
  let shouldClear = !1,
    iter;
  headers instanceof LiteHeaders
    ? (iter = headers.entries())
    : isReadonlyArray(headers)
      ? (iter = headers)
      : ((shouldClear = !0), (iter = Object.entries(headers ?? {})));
  for (const row of iter) {
    const name = row[0];
    if (typeof name != "string") throw new TypeError("expected header name to be a string");
    let values = isReadonlyArray(row[1]) ? row[1] : [row[1]],
      didClear = !1;
    for (const value of values)
      value !== void 0 && (shouldClear && !didClear && ((didClear = !0), yield [name, null]), yield [name, value]);
  }
}
var buildHeaders = (newHeaders) => {
  const targetHeaders = new LiteHeaders(),
    nullHeaders = new Set();
  for (const headers of newHeaders) {
    const seenHeaders = new Set();
    for (const [name, value] of iterateHeaders(headers)) {
      if (!httpTokenHeaderName.test(name)) throw new TypeError(`Header name must be a valid HTTP token ["${name}"]`);
      const lowerName = name.toLowerCase();
      seenHeaders.has(lowerName) || (targetHeaders.delete(lowerName), seenHeaders.add(lowerName)),
        value === null
          ? (targetHeaders.delete(lowerName), nullHeaders.add(lowerName))
          : (targetHeaders.append(lowerName, value), nullHeaders.delete(lowerName));
    }
  }
  return { [brand_privateNullableHeaders]: !0, values: targetHeaders, nulls: nullHeaders };
};
var brand_privateStreamingFile = Symbol("brand.privateStreamingFile");
function toStreamingFile(data, name, options) {
  if (!name) throw new TypeError("toStreamingFile requires a non-empty file name");
  return { [brand_privateStreamingFile]: !0, data, name, ...(options?.type ? { type: options.type } : {}) };
}
var checkFileSupport = () => {
  if (typeof File > "u") {
    const { process: process2 } = globalThis,
      isOldNode = typeof process2?.versions?.node == "string" && parseInt(process2.versions.node.split(".")) < 20;
    throw new Error(
      "`File` is not defined as a global, which is required for file uploads." +
        (isOldNode ? " Update to Node 20 LTS or newer, or set `globalThis.File` to `import('node:buffer').File`." : ""),
    );
  }
};
function makeFile(fileBits, fileName, options) {
  return checkFileSupport(), new File(fileBits, fileName ?? "unknown_file", options);
}
function getName(value) {
  return (
    (
      (typeof value == "object" &&
        value !== null &&
        (("name" in value && value.name && String(value.name)) ||
          ("url" in value && value.url && String(value.url)) ||
          ("filename" in value && value.filename && String(value.filename)) ||
          ("path" in value && value.path && String(value.path)))) ||
      ""
    )
      .split(/[\\/]/)
      .pop() || void 0
  );
}
var isAsyncIterable = (value) =>
    value != null && typeof value == "object" && typeof value[Symbol.asyncIterator] == "function",
  maybeMultipartFormRequestOptions = async (opts, fetch2) =>
    hasUploadableValue(opts.body)
      ? hasStreamingUploadableValue(opts.body)
        ? createStreamingFormRequestOptions(opts)
        : { ...opts, body: await createForm(opts.body, fetch2) }
      : opts,
  multipartFormRequestOptions = async (opts, fetch2) =>
    hasStreamingUploadableValue(opts.body)
      ? createStreamingFormRequestOptions(opts)
      : { ...opts, body: await createForm(opts.body, fetch2) },
  supportsFormDataMap = new WeakMap();
function supportsFormData(fetchObject) {
  const fetch2 = typeof fetchObject == "function" ? fetchObject : fetchObject.fetch,
    cached = supportsFormDataMap.get(fetch2);
  if (cached) return cached;
  const promise = (async () => {
    try {
      const FetchResponse = "Response" in fetch2 ? fetch2.Response : (await fetch2("data:,")).constructor,
        data = new FormData();
      return data.toString() !== (await new FetchResponse(data).text());
    } catch {
      return !0;
    }
  })();
  return supportsFormDataMap.set(fetch2, promise), promise;
}
var createForm = async (body, fetch2) => {
    if (!(await supportsFormData(fetch2)))
      throw new TypeError(
        "The provided fetch function does not support file uploads with the current global FormData class.",
      );
    const form = new FormData();
    return await Promise.all(Object.entries(body || {}).map(([key, value]) => addFormValue(form, key, value))), form;
  },
  isNamedBlob = (value) => value instanceof Blob && "name" in value,
  isReadableStream = (value) =>
    typeof value == "object" && value !== null && "getReader" in value && typeof value.getReader == "function",
  isStreamingFile = (value) => typeof value == "object" && value !== null && brand_privateStreamingFile in value,
  isUploadable = (value) =>
    typeof value == "object" &&
    value !== null &&
    (value instanceof Response ||
      isAsyncIterable(value) ||
      isReadableStream(value) ||
      isStreamingFile(value) ||
      isNamedBlob(value)),
  hasStreamingUploadableValue = (value) => {
    if (isStreamingFile(value) || isAsyncIterable(value) || isReadableStream(value)) return !0;
    if (Array.isArray(value)) return value.some(hasStreamingUploadableValue);
    if (value && typeof value == "object" && !isNamedBlob(value) && !(value instanceof Response)) {
      for (const k in value) if (hasStreamingUploadableValue(value[k])) return !0;
    }
    return !1;
  },
  hasUploadableValue = (value) => {
    if (isUploadable(value)) return !0;
    if (Array.isArray(value)) return value.some(hasUploadableValue);
    if (value && typeof value == "object") {
      for (const k in value) if (hasUploadableValue(value[k])) return !0;
    }
    return !1;
  },
  createStreamingFormRequestOptions = (opts) => {
    const boundary = `openai-${Math.random().toString(36).slice(2)}`,
      body = ReadableStreamFrom(iterateMultipartBody(opts.body, boundary));
    return {
      ...opts,
      body,
      headers: buildHeaders([{ "content-type": `multipart/form-data; boundary=${boundary}` }, opts.headers]),
    };
  };
async function* iterateMultipartBody(body, boundary) {
  for await (const { key, value } of iterateFormEntries(body)) {
    if (
      (yield encodeUTF8(`--${boundary}\r
`),
      isUploadable(value))
    ) {
      const filename = getStreamingFileName(value),
        type = getStreamingFileType(value);
      yield encodeUTF8(`Content-Disposition: form-data; name="${escapeHeaderValue(key)}"; filename="${escapeHeaderValue(filename)}"\r
Content-Type: ${type}\r
\r
`),
        yield* iterateBytes(getStreamingFileData(value));
    } else
      yield encodeUTF8(`Content-Disposition: form-data; name="${escapeHeaderValue(key)}"\r
\r
${String(value)}`);
    yield encodeUTF8(`\r
`);
  }
  yield encodeUTF8(`--${boundary}--\r
`);
}
async function* iterateFormEntries(body) {
  if (!(!body || typeof body != "object"))
    for (const [key, value] of Object.entries(body)) yield* iterateFormValue(key, value);
}
async function* iterateFormValue(key, value) {
  if (value !== void 0) {
    if (value == null)
      throw new TypeError(`Received null for "${key}"; to pass null in FormData, you must use the string 'null'`);
    if (typeof value == "string" || typeof value == "number" || typeof value == "boolean" || isUploadable(value))
      yield { key, value };
    else if (Array.isArray(value)) for (const entry of value) yield* iterateFormValue(key + "[]", entry);
    else if (typeof value == "object")
      for (const [name, prop] of Object.entries(value)) yield* iterateFormValue(`${key}[${name}]`, prop);
    else
      throw new TypeError(
        `Invalid value given to form, expected a string, number, boolean, object, Array, File or Blob but got ${value} instead`,
      );
  }
}
function getStreamingFileName(value) {
  return isStreamingFile(value) ? value.name : (getName(value) ?? "unknown_file");
}
function getStreamingFileType(value) {
  return isStreamingFile(value)
    ? value.type || "application/octet-stream"
    : isNamedBlob(value) && value.type
      ? value.type
      : (value instanceof Response && value.headers.get("content-type")) || "application/octet-stream";
}
function getStreamingFileData(value) {
  return isStreamingFile(value) ? value.data : value;
}
async function* iterateBytes(value) {
  if (typeof value == "string") yield encodeUTF8(value);
  else if (ArrayBuffer.isView(value)) yield new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  else if (value instanceof ArrayBuffer) yield new Uint8Array(value);
  else if (value instanceof Response)
    value.body ? yield* iterateBytes(value.body) : yield* iterateBytes(await value.blob());
  else if (value instanceof Blob)
    typeof value.stream == "function"
      ? yield* iterateBytes(value.stream())
      : yield new Uint8Array(await value.arrayBuffer());
  else if (isReadableStream(value))
    for await (const chunk of ReadableStreamToAsyncIterable(value)) yield* iterateBytes(chunk);
  else if (isAsyncIterable(value)) for await (const chunk of value) yield* iterateBytes(chunk);
  else throw new TypeError(`Invalid streaming file chunk: ${String(value)}`);
}
function escapeHeaderValue(value) {
  return value.replace(/["\\\r\n]/g, (character) => encodeURIComponent(character));
}
var addFormValue = async (form, key, value) => {
  if (value !== void 0) {
    if (value == null)
      throw new TypeError(`Received null for "${key}"; to pass null in FormData, you must use the string 'null'`);
    if (typeof value == "string" || typeof value == "number" || typeof value == "boolean")
      form.append(key, String(value));
    else if (value instanceof Response) form.append(key, makeFile([await value.blob()], getName(value)));
    else if (isAsyncIterable(value))
      form.append(key, makeFile([await new Response(ReadableStreamFrom(value)).blob()], getName(value)));
    else if (isNamedBlob(value)) form.append(key, value, getName(value));
    else if (Array.isArray(value)) await Promise.all(value.map((entry) => addFormValue(form, key + "[]", entry)));
    else if (typeof value == "object")
      await Promise.all(Object.entries(value).map(([name, prop]) => addFormValue(form, `${key}[${name}]`, prop)));
    else
      throw new TypeError(
        `Invalid value given to form, expected a string, number, boolean, object, Array, File or Blob but got ${value} instead`,
      );
  }
};
var isBlobLike = (value) =>
    value != null &&
    typeof value == "object" &&
    typeof value.size == "number" &&
    typeof value.type == "string" &&
    typeof value.text == "function" &&
    typeof value.slice == "function" &&
    typeof value.arrayBuffer == "function",
  isFileLike = (value) =>
    value != null &&
    typeof value == "object" &&
    typeof value.name == "string" &&
    typeof value.lastModified == "number" &&
    isBlobLike(value),
  isResponseLike = (value) =>
    value != null && typeof value == "object" && typeof value.url == "string" && typeof value.blob == "function";
async function toFile(value, name, options) {
  if ((checkFileSupport(), (value = await value), isFileLike(value)))
    return value instanceof File ? value : makeFile([await value.arrayBuffer()], value.name);
  if (isResponseLike(value)) {
    const blob = await value.blob();
    return (
      name || (name = new URL(value.url).pathname.split(/[\\/]/).pop()), makeFile(await getBytes(blob), name, options)
    );
  }
  const parts = await getBytes(value);
  if ((name || (name = getName(value)), !options?.type)) {
    const type = parts.find((part) => typeof part == "object" && "type" in part && part.type);
    typeof type == "string" && (options = { ...options, type });
  }
  return makeFile(parts, name, options);
}
async function getBytes(value) {
  const parts = [];
  if (typeof value == "string" || ArrayBuffer.isView(value) || value instanceof ArrayBuffer) parts.push(value);
  else if (isBlobLike(value)) parts.push(value instanceof Blob ? value : await value.arrayBuffer());
  else if (isAsyncIterable(value)) for await (const chunk of value) parts.push(...(await getBytes(chunk)));
  else {
    const constructor = value?.constructor?.name;
    throw new Error(
      `Unexpected data type: ${typeof value}${constructor ? `; constructor: ${constructor}` : ""}${propsForError(value)}`,
    );
  }
  return parts;
}
function propsForError(value) {
  return typeof value != "object" || value === null
    ? ""
    : `; props: [${Object.getOwnPropertyNames(value)
        .map((p) => `"${p}"`)
        .join(", ")}]`;
}
var APIResource = class {
  constructor(client) {
    this._client = client;
  }
};
function encodeURIPath(str2) {
  return str2.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@]+/g, encodeURIComponent);
}
var EMPTY = Object.freeze(Object.create(null)),
  createPathTagFunction =
    (pathEncoder = encodeURIPath) =>
    (statics, ...params) => {
      if (statics.length === 1) return statics[0];
      let postPath = !1,
        invalidSegments = [],
        path3 = statics.reduce((previousValue, currentValue, index) => {
          /[?#]/.test(currentValue) && (postPath = !0);
          let value = params[index],
            encoded = (postPath ? encodeURIComponent : pathEncoder)("" + value);
          return (
            index !== params.length &&
              (value == null ||
                (typeof value == "object" &&
                  value.toString ===
                    Object.getPrototypeOf(Object.getPrototypeOf(value.hasOwnProperty ?? EMPTY) ?? EMPTY)?.toString)) &&
              ((encoded = value + ""),
              invalidSegments.push({
                start: previousValue.length + currentValue.length,
                length: encoded.length,
                error: `Value of type ${Object.prototype.toString.call(value).slice(8, -1)} is not a valid path parameter`,
              })),
            previousValue + currentValue + (index === params.length ? "" : encoded)
          );
        }, ""),
        pathOnly = path3.split(/[?#]/, 1)[0],
        invalidSegmentPattern = /(?<=^|\/)(?:\.|%2e){1,2}(?=\/|$)/gi,
        match;
      for (; (match = invalidSegmentPattern.exec(pathOnly)) !== null; )
        invalidSegments.push({
          start: match.index,
          length: match[0].length,
          error: `Value "${match[0]}" can't be safely passed as a path parameter`,
        });
      if ((invalidSegments.sort((a, b) => a.start - b.start), invalidSegments.length > 0)) {
        let lastEnd = 0,
          underline = invalidSegments.reduce((acc, segment) => {
            const spaces = " ".repeat(segment.start - lastEnd),
              arrows = "^".repeat(segment.length);
            return (lastEnd = segment.start + segment.length), acc + spaces + arrows;
          }, "");
        throw new OpenAIError(`Path parameters result in path with invalid segments:
${invalidSegments
  .map((e) => e.error)
  .join(`
`)}
${path3}
${underline}`);
      }
      return path3;
    },
  path = createPathTagFunction(encodeURIPath);
var Messages = class extends APIResource {
  list(completionID, query = {}, options) {
    return this._client.getAPIList(path`/chat/completions/${completionID}/messages`, CursorPage, {
      query,
      ...options,
      __security: { bearerAuth: !0 },
    });
  }
};
function isChatCompletionFunctionTool(tool) {
  return tool !== void 0 && "function" in tool && tool.function !== void 0;
}
function isAutoParsableResponseFormat(response_format) {
  return response_format?.$brand === "auto-parseable-response-format";
}
function isAutoParsableTool(tool) {
  return tool?.$brand === "auto-parseable-tool";
}
function maybeParseChatCompletion(completion, params) {
  return !params || !hasAutoParseableInput(params)
    ? {
        ...completion,
        choices: completion.choices.map(
          (choice) => (
            assertToolCallsAreChatCompletionFunctionToolCalls(choice.message.tool_calls),
            {
              ...choice,
              message: {
                ...choice.message,
                parsed: null,
                ...(choice.message.tool_calls ? { tool_calls: choice.message.tool_calls } : void 0),
              },
            }
          ),
        ),
      }
    : parseChatCompletion(completion, params);
}
function parseChatCompletion(completion, params) {
  const choices = completion.choices.map((choice) => {
    if (choice.finish_reason === "length") throw new LengthFinishReasonError();
    if (choice.finish_reason === "content_filter") throw new ContentFilterFinishReasonError();
    return (
      assertToolCallsAreChatCompletionFunctionToolCalls(choice.message.tool_calls),
      {
        ...choice,
        message: {
          ...choice.message,
          ...(choice.message.tool_calls
            ? { tool_calls: choice.message.tool_calls?.map((toolCall) => parseToolCall(params, toolCall)) ?? void 0 }
            : void 0),
          parsed:
            choice.message.content && !choice.message.refusal
              ? parseResponseFormat(params, choice.message.content)
              : null,
        },
      }
    );
  });
  return { ...completion, choices };
}
function parseResponseFormat(params, content) {
  return params.response_format?.type !== "json_schema"
    ? null
    : params.response_format?.type === "json_schema"
      ? "$parseRaw" in params.response_format
        ? params.response_format.$parseRaw(content)
        : JSON.parse(content)
      : null;
}
function parseToolCall(params, toolCall) {
  const inputTool = params.tools?.find(
    (inputTool2) => isChatCompletionFunctionTool(inputTool2) && inputTool2.function?.name === toolCall.function.name,
  );
  return {
    ...toolCall,
    function: {
      ...toolCall.function,
      parsed_arguments: isAutoParsableTool(inputTool)
        ? inputTool.$parseRaw(toolCall.function.arguments)
        : inputTool?.function.strict
          ? JSON.parse(toolCall.function.arguments)
          : null,
    },
  };
}
function shouldParseToolCall(params, toolCall) {
  if (!params || !("tools" in params) || !params.tools) return !1;
  const inputTool = params.tools?.find(
    (inputTool2) => isChatCompletionFunctionTool(inputTool2) && inputTool2.function?.name === toolCall.function.name,
  );
  return isChatCompletionFunctionTool(inputTool) && (isAutoParsableTool(inputTool) || inputTool?.function.strict || !1);
}
function hasAutoParseableInput(params) {
  return isAutoParsableResponseFormat(params.response_format)
    ? !0
    : (params.tools?.some((t) => isAutoParsableTool(t) || (t.type === "function" && t.function.strict === !0)) ?? !1);
}
function assertToolCallsAreChatCompletionFunctionToolCalls(toolCalls) {
  for (const toolCall of toolCalls || [])
    if (toolCall.type !== "function")
      throw new OpenAIError(`Currently only \`function\` tool calls are supported; Received \`${toolCall.type}\``);
}
function validateInputTools(tools) {
  for (const tool of tools ?? []) {
    if (tool.type !== "function")
      throw new OpenAIError(`Currently only \`function\` tool types support auto-parsing; Received \`${tool.type}\``);
    if (tool.function.strict !== !0)
      throw new OpenAIError(
        `The \`${tool.function.name}\` tool is not marked with \`strict: true\`. Only strict function tools can be auto-parsed`,
      );
  }
}
var isAssistantMessage = (message) => message?.role === "assistant",
  isToolMessage = (message) => message?.role === "tool";
var _EventStream_instances,
  _EventStream_connectedPromise,
  _EventStream_resolveConnectedPromise,
  _EventStream_rejectConnectedPromise,
  _EventStream_endPromise,
  _EventStream_resolveEndPromise,
  _EventStream_rejectEndPromise,
  _EventStream_listeners,
  _EventStream_abortListeners,
  _EventStream_ended,
  _EventStream_errored,
  _EventStream_aborted,
  _EventStream_catchingPromiseCreated,
  _EventStream_removeAbortListeners,
  _EventStream_handleError,
  EventStream = class {
    constructor() {
      _EventStream_instances.add(this),
        (this.controller = new AbortController()),
        _EventStream_connectedPromise.set(this, void 0),
        _EventStream_resolveConnectedPromise.set(this, () => {}),
        _EventStream_rejectConnectedPromise.set(this, () => {}),
        _EventStream_endPromise.set(this, void 0),
        _EventStream_resolveEndPromise.set(this, () => {}),
        _EventStream_rejectEndPromise.set(this, () => {}),
        _EventStream_listeners.set(this, {}),
        _EventStream_abortListeners.set(this, []),
        _EventStream_ended.set(this, !1),
        _EventStream_errored.set(this, !1),
        _EventStream_aborted.set(this, !1),
        _EventStream_catchingPromiseCreated.set(this, !1),
        __classPrivateFieldSet(
          this,
          _EventStream_connectedPromise,
          new Promise((resolve, reject) => {
            __classPrivateFieldSet(this, _EventStream_resolveConnectedPromise, resolve, "f"),
              __classPrivateFieldSet(this, _EventStream_rejectConnectedPromise, reject, "f");
          }),
          "f",
        ),
        __classPrivateFieldSet(
          this,
          _EventStream_endPromise,
          new Promise((resolve, reject) => {
            __classPrivateFieldSet(this, _EventStream_resolveEndPromise, resolve, "f"),
              __classPrivateFieldSet(this, _EventStream_rejectEndPromise, reject, "f");
          }),
          "f",
        ),
        __classPrivateFieldGet(this, _EventStream_connectedPromise, "f").catch(() => {}),
        __classPrivateFieldGet(this, _EventStream_endPromise, "f").catch(() => {});
    }
    _run(executor) {
      setTimeout(() => {
        Promise.resolve()
          .then(executor)
          .then(
            () => {
              try {
                this._emitFinal();
              } catch (error) {
                __classPrivateFieldGet(this, _EventStream_instances, "m", _EventStream_handleError).call(this, error);
                return;
              }
              this._emit("end");
            },
            __classPrivateFieldGet(this, _EventStream_instances, "m", _EventStream_handleError).bind(this),
          );
      }, 0);
    }
    _connected() {
      this.ended ||
        (__classPrivateFieldGet(this, _EventStream_resolveConnectedPromise, "f").call(this), this._emit("connect"));
    }
    get ended() {
      return __classPrivateFieldGet(this, _EventStream_ended, "f");
    }
    get errored() {
      return __classPrivateFieldGet(this, _EventStream_errored, "f");
    }
    get aborted() {
      return __classPrivateFieldGet(this, _EventStream_aborted, "f");
    }
    abort() {
      this.controller.abort();
    }
    _listenForAbort(signal) {
      if (!signal || this.ended) return;
      if (signal.aborted) {
        this.controller.abort();
        return;
      }
      const listener = () => this.controller.abort();
      signal.addEventListener("abort", listener, { once: !0 }),
        __classPrivateFieldGet(this, _EventStream_abortListeners, "f").push({ signal, listener });
    }
    on(event, listener) {
      return (
        (
          __classPrivateFieldGet(this, _EventStream_listeners, "f")[event] ||
          (__classPrivateFieldGet(this, _EventStream_listeners, "f")[event] = [])
        ).push({ listener }),
        this
      );
    }
    off(event, listener) {
      const listeners = __classPrivateFieldGet(this, _EventStream_listeners, "f")[event];
      if (!listeners) return this;
      const index = listeners.findIndex((l) => l.listener === listener);
      return index >= 0 && listeners.splice(index, 1), this;
    }
    once(event, listener) {
      return (
        (
          __classPrivateFieldGet(this, _EventStream_listeners, "f")[event] ||
          (__classPrivateFieldGet(this, _EventStream_listeners, "f")[event] = [])
        ).push({ listener, once: !0 }),
        this
      );
    }
    emitted(event) {
      return new Promise((resolve, reject) => {
        __classPrivateFieldSet(this, _EventStream_catchingPromiseCreated, !0, "f"),
          event !== "error" && this.once("error", reject),
          this.once(event, resolve);
      });
    }
    events(event) {
      let pushQueue = [],
        readQueue = [],
        ended = this.ended,
        failure,
        failureDelivered = !1,
        doneResult = () => ({ value: void 0, done: !0 }),
        finishReaders = () => {
          for (; readQueue.length; ) readQueue.shift().resolve(doneResult());
        },
        rejectReader = () => {
          !failure ||
            failureDelivered ||
            !readQueue.length ||
            ((failureDelivered = !0), readQueue.shift().reject(failure));
        },
        cleanup = () => {
          this.off(event, onEvent),
            this.off("end", onEnd),
            event !== "error" && this.off("error", onFailure),
            event !== "abort" && this.off("abort", onFailure);
        },
        onEvent = (...args) => {
          if (ended) return;
          const reader = readQueue.shift();
          reader ? reader.resolve({ value: args, done: !1 }) : pushQueue.push(args);
        },
        onFailure = (error) => {
          (failure = error), pushQueue.length || rejectReader();
        },
        onEnd = () => {
          (ended = !0), cleanup(), pushQueue.length || (rejectReader(), finishReaders());
        };
      return (
        ended ||
          (this.on(event, onEvent),
          this.on("end", onEnd),
          event !== "error" && this.on("error", onFailure),
          event !== "abort" && this.on("abort", onFailure)),
        {
          next: () => {
            const value = pushQueue.shift();
            return value
              ? Promise.resolve({ value, done: !1 })
              : failure && !failureDelivered
                ? ((failureDelivered = !0), Promise.reject(failure))
                : ended
                  ? Promise.resolve(doneResult())
                  : new Promise((resolve, reject) => {
                      readQueue.push({ resolve, reject });
                    });
          },
          return: () => (
            (ended = !0), (pushQueue.length = 0), cleanup(), finishReaders(), Promise.resolve(doneResult())
          ),
          [Symbol.asyncIterator]() {
            return this;
          },
        }
      );
    }
    async done() {
      __classPrivateFieldSet(this, _EventStream_catchingPromiseCreated, !0, "f"),
        await __classPrivateFieldGet(this, _EventStream_endPromise, "f");
    }
    _emit(event, ...args) {
      if (__classPrivateFieldGet(this, _EventStream_ended, "f")) return;
      event === "end" &&
        (__classPrivateFieldGet(this, _EventStream_instances, "m", _EventStream_removeAbortListeners).call(this),
        __classPrivateFieldSet(this, _EventStream_ended, !0, "f"),
        __classPrivateFieldGet(this, _EventStream_resolveEndPromise, "f").call(this));
      const listeners = __classPrivateFieldGet(this, _EventStream_listeners, "f")[event];
      if (
        (listeners &&
          ((__classPrivateFieldGet(this, _EventStream_listeners, "f")[event] = listeners.filter((l) => !l.once)),
          listeners.forEach(({ listener }) => listener(...args))),
        event === "abort")
      ) {
        const error = args[0];
        !__classPrivateFieldGet(this, _EventStream_catchingPromiseCreated, "f") &&
          !listeners?.length &&
          Promise.reject(error),
          __classPrivateFieldGet(this, _EventStream_rejectConnectedPromise, "f").call(this, error),
          __classPrivateFieldGet(this, _EventStream_rejectEndPromise, "f").call(this, error),
          this._emit("end");
        return;
      }
      if (event === "error") {
        const error = args[0];
        !__classPrivateFieldGet(this, _EventStream_catchingPromiseCreated, "f") &&
          !listeners?.length &&
          Promise.reject(error),
          __classPrivateFieldGet(this, _EventStream_rejectConnectedPromise, "f").call(this, error),
          __classPrivateFieldGet(this, _EventStream_rejectEndPromise, "f").call(this, error),
          this._emit("end");
      }
    }
    _emitFinal() {}
  };
(_EventStream_connectedPromise = new WeakMap()),
  (_EventStream_resolveConnectedPromise = new WeakMap()),
  (_EventStream_rejectConnectedPromise = new WeakMap()),
  (_EventStream_endPromise = new WeakMap()),
  (_EventStream_resolveEndPromise = new WeakMap()),
  (_EventStream_rejectEndPromise = new WeakMap()),
  (_EventStream_listeners = new WeakMap()),
  (_EventStream_abortListeners = new WeakMap()),
  (_EventStream_ended = new WeakMap()),
  (_EventStream_errored = new WeakMap()),
  (_EventStream_aborted = new WeakMap()),
  (_EventStream_catchingPromiseCreated = new WeakMap()),
  (_EventStream_instances = new WeakSet()),
  (_EventStream_removeAbortListeners = function () {
    for (const { signal, listener } of __classPrivateFieldGet(this, _EventStream_abortListeners, "f").splice(0))
      signal.removeEventListener("abort", listener);
  }),
  (_EventStream_handleError = function (error) {
    if (
      (__classPrivateFieldSet(this, _EventStream_errored, !0, "f"),
      error instanceof Error && error.name === "AbortError" && (error = new APIUserAbortError()),
      error instanceof APIUserAbortError)
    )
      return __classPrivateFieldSet(this, _EventStream_aborted, !0, "f"), this._emit("abort", error);
    if (error instanceof OpenAIError) return this._emit("error", error);
    if (error instanceof Error) {
      const openAIError = new OpenAIError(error.message);
      return (openAIError.cause = error), this._emit("error", openAIError);
    }
    return this._emit("error", new OpenAIError(String(error)));
  });
function isRunnableFunctionWithParse(fn) {
  return typeof fn.parse == "function";
}
var _AbstractChatCompletionRunner_instances,
  _AbstractChatCompletionRunner_getFinalContent,
  _AbstractChatCompletionRunner_getFinalMessage,
  _AbstractChatCompletionRunner_getFinalFunctionToolCall,
  _AbstractChatCompletionRunner_getFinalFunctionToolCallResult,
  _AbstractChatCompletionRunner_calculateTotalUsage,
  _AbstractChatCompletionRunner_validateParams,
  _AbstractChatCompletionRunner_stringifyFunctionCallResult,
  DEFAULT_MAX_CHAT_COMPLETIONS = 10;
function normalizeToolCallIds(chatCompletion) {
  for (const choice of chatCompletion.choices)
    for (const toolCall of choice.message.tool_calls ?? []) toolCall.id || (toolCall.id = `call_${uuid4()}`);
}
function toRequestMessage(message) {
  if (!isAssistantMessage(message)) return message;
  const requestMessage = { role: "assistant" };
  return (
    message.audio != null && (requestMessage.audio = { id: message.audio.id }),
    message.content !== void 0 && (requestMessage.content = message.content),
    message.function_call != null && (requestMessage.function_call = message.function_call),
    message.name !== void 0 && (requestMessage.name = message.name),
    message.refusal != null && (requestMessage.refusal = message.refusal),
    message.tool_calls !== void 0 &&
      (requestMessage.tool_calls = message.tool_calls.map((toolCall) =>
        toolCall.type === "custom"
          ? {
              id: toolCall.id,
              type: toolCall.type,
              custom: { input: toolCall.custom.input, name: toolCall.custom.name },
            }
          : {
              id: toolCall.id,
              type: toolCall.type,
              function: { arguments: toolCall.function.arguments, name: toolCall.function.name },
            },
      )),
    requestMessage
  );
}
var AbstractChatCompletionRunner = class extends EventStream {
  constructor() {
    super(...arguments),
      _AbstractChatCompletionRunner_instances.add(this),
      (this._chatCompletions = []),
      (this.messages = []);
  }
  _addChatCompletion(chatCompletion) {
    normalizeToolCallIds(chatCompletion),
      this._chatCompletions.push(chatCompletion),
      this._emit("chatCompletion", chatCompletion);
    const message = chatCompletion.choices[0]?.message;
    return message && this._addMessage(message), chatCompletion;
  }
  _addMessage(message, emit = !0) {
    if (("content" in message || (message.content = null), this.messages.push(message), emit)) {
      if ((this._emit("message", message), isToolMessage(message) && message.content))
        this._emit("functionToolCallResult", message.content);
      else if (isAssistantMessage(message) && message.tool_calls)
        for (const tool_call of message.tool_calls)
          tool_call.type === "function" && this._emit("functionToolCall", tool_call.function);
    }
  }
  async finalChatCompletion() {
    await this.done();
    const completion = this._chatCompletions[this._chatCompletions.length - 1];
    if (!completion) throw new OpenAIError("stream ended without producing a ChatCompletion");
    return completion;
  }
  async finalContent() {
    return (
      await this.done(),
      __classPrivateFieldGet(
        this,
        _AbstractChatCompletionRunner_instances,
        "m",
        _AbstractChatCompletionRunner_getFinalContent,
      ).call(this)
    );
  }
  async finalMessage() {
    return (
      await this.done(),
      __classPrivateFieldGet(
        this,
        _AbstractChatCompletionRunner_instances,
        "m",
        _AbstractChatCompletionRunner_getFinalMessage,
      ).call(this)
    );
  }
  async finalFunctionToolCall() {
    return (
      await this.done(),
      __classPrivateFieldGet(
        this,
        _AbstractChatCompletionRunner_instances,
        "m",
        _AbstractChatCompletionRunner_getFinalFunctionToolCall,
      ).call(this)
    );
  }
  async finalFunctionToolCallResult() {
    return (
      await this.done(),
      __classPrivateFieldGet(
        this,
        _AbstractChatCompletionRunner_instances,
        "m",
        _AbstractChatCompletionRunner_getFinalFunctionToolCallResult,
      ).call(this)
    );
  }
  async totalUsage() {
    return (
      await this.done(),
      __classPrivateFieldGet(
        this,
        _AbstractChatCompletionRunner_instances,
        "m",
        _AbstractChatCompletionRunner_calculateTotalUsage,
      ).call(this)
    );
  }
  allChatCompletions() {
    return [...this._chatCompletions];
  }
  _emitFinal() {
    const completion = this._chatCompletions[this._chatCompletions.length - 1];
    completion && this._emit("finalChatCompletion", completion);
    const finalMessage = __classPrivateFieldGet(
      this,
      _AbstractChatCompletionRunner_instances,
      "m",
      _AbstractChatCompletionRunner_getFinalMessage,
    ).call(this);
    finalMessage && this._emit("finalMessage", finalMessage);
    const finalContent = __classPrivateFieldGet(
      this,
      _AbstractChatCompletionRunner_instances,
      "m",
      _AbstractChatCompletionRunner_getFinalContent,
    ).call(this);
    finalContent && this._emit("finalContent", finalContent);
    const finalFunctionCall = __classPrivateFieldGet(
      this,
      _AbstractChatCompletionRunner_instances,
      "m",
      _AbstractChatCompletionRunner_getFinalFunctionToolCall,
    ).call(this);
    finalFunctionCall && this._emit("finalFunctionToolCall", finalFunctionCall);
    const finalFunctionCallResult = __classPrivateFieldGet(
      this,
      _AbstractChatCompletionRunner_instances,
      "m",
      _AbstractChatCompletionRunner_getFinalFunctionToolCallResult,
    ).call(this);
    finalFunctionCallResult != null && this._emit("finalFunctionToolCallResult", finalFunctionCallResult),
      this._chatCompletions.some((c) => c.usage) &&
        this._emit(
          "totalUsage",
          __classPrivateFieldGet(
            this,
            _AbstractChatCompletionRunner_instances,
            "m",
            _AbstractChatCompletionRunner_calculateTotalUsage,
          ).call(this),
        );
  }
  async _createChatCompletion(client, params, options) {
    this._listenForAbort(options?.signal),
      __classPrivateFieldGet(
        this,
        _AbstractChatCompletionRunner_instances,
        "m",
        _AbstractChatCompletionRunner_validateParams,
      ).call(this, params);
    const chatCompletion = await client.chat.completions.create(
      { ...params, stream: !1 },
      { ...options, signal: this.controller.signal },
    );
    return this._connected(), this._addChatCompletion(parseChatCompletion(chatCompletion, params));
  }
  async _runChatCompletion(client, params, options) {
    for (const message of params.messages) this._addMessage(message, !1);
    return await this._createChatCompletion(client, params, options);
  }
  async _runTools(client, params, runner, options) {
    const role = "tool",
      { tool_choice = "auto", stream, toolContext: inputToolContext, ...restParams } = params,
      toolContext = inputToolContext,
      singleFunctionToCall =
        typeof tool_choice != "string" && tool_choice.type === "function" && tool_choice?.function?.name,
      { maxChatCompletions = DEFAULT_MAX_CHAT_COMPLETIONS, afterCompletion } = options || {},
      inputTools = params.tools.map((tool) => {
        if (isAutoParsableTool(tool)) {
          if (!tool.$callback)
            throw new OpenAIError("Tool given to `.runTools()` that does not have an associated function");
          return {
            type: "function",
            function: {
              function: tool.$callback,
              name: tool.function.name,
              description: tool.function.description || "",
              parameters: tool.function.parameters,
              parse: tool.$parseRaw,
              strict: !0,
            },
          };
        }
        return tool;
      }),
      functionsByName = {};
    for (const f of inputTools)
      f.type === "function" && (functionsByName[f.function.name || f.function.function.name] = f.function);
    const tools =
      "tools" in params
        ? inputTools.map((t) =>
            t.type === "function"
              ? {
                  type: "function",
                  function: {
                    name: t.function.name || t.function.function.name,
                    parameters: t.function.parameters,
                    description: t.function.description,
                    strict: t.function.strict,
                  },
                }
              : t,
          )
        : void 0;
    for (const message of params.messages) this._addMessage(message, !1);
    const runToolCall = async (toolCall) => {
      if (toolCall.type !== "function") return { message: void 0, functionCalled: !1 };
      const tool_call_id = toolCall.id,
        { name, arguments: args } = toolCall.function,
        fn = functionsByName[name];
      if (!fn) {
        const content2 = `Invalid tool_call: ${JSON.stringify(name)}. Available options are: ${Object.keys(
          functionsByName,
        )
          .map((name2) => JSON.stringify(name2))
          .join(", ")}. Please try again`;
        return { message: { role, tool_call_id, content: content2 }, functionCalled: !1 };
      }
      if (singleFunctionToCall && singleFunctionToCall !== name) {
        const content2 = `Invalid tool_call: ${JSON.stringify(name)}. ${JSON.stringify(singleFunctionToCall)} requested. Please try again`;
        return { message: { role, tool_call_id, content: content2 }, functionCalled: !1 };
      }
      let rawContent;
      if (isRunnableFunctionWithParse(fn)) {
        let parsed;
        try {
          parsed = await fn.parse(args);
        } catch (error) {
          const content2 = error instanceof Error ? error.message : String(error);
          return { message: { role, tool_call_id, content: content2 }, functionCalled: !1 };
        }
        rawContent = await fn.function(parsed, runner, toolContext);
      } else rawContent = await fn.function(args, runner, toolContext);
      const content = __classPrivateFieldGet(
        this,
        _AbstractChatCompletionRunner_instances,
        "m",
        _AbstractChatCompletionRunner_stringifyFunctionCallResult,
      ).call(this, rawContent);
      return { message: { role, tool_call_id, content }, functionCalled: !0 };
    };
    for (let i = 0; i < maxChatCompletions; ++i) {
      const chatCompletion = await this._createChatCompletion(
          client,
          { ...restParams, tool_choice, tools, messages: this.messages.map(toRequestMessage) },
          options,
        ),
        message = chatCompletion.choices[0]?.message;
      if (!message) throw new OpenAIError("missing message in ChatCompletion response");
      if (!message.tool_calls?.length) {
        await afterCompletion?.(chatCompletion, runner);
        return;
      }
      if (singleFunctionToCall || params.parallel_tool_calls === !1)
        for (const toolCall of message.tool_calls) {
          const result = await runToolCall(toolCall);
          if ((result.message && this._addMessage(result.message), singleFunctionToCall && result.functionCalled)) {
            await afterCompletion?.(chatCompletion, runner);
            return;
          }
        }
      else {
        const results = await Promise.allSettled(message.tool_calls.map(runToolCall));
        for (const result of results) if (result.status === "rejected") throw result.reason;
        for (const result of results)
          result.status === "fulfilled" && result.value.message && this._addMessage(result.value.message);
      }
      await afterCompletion?.(chatCompletion, runner);
    }
  }
};
(_AbstractChatCompletionRunner_instances = new WeakSet()),
  (_AbstractChatCompletionRunner_getFinalContent = function () {
    return (
      __classPrivateFieldGet(
        this,
        _AbstractChatCompletionRunner_instances,
        "m",
        _AbstractChatCompletionRunner_getFinalMessage,
      ).call(this).content ?? null
    );
  }),
  (_AbstractChatCompletionRunner_getFinalMessage = function () {
    let i = this.messages.length;
    for (; i-- > 0; ) {
      const message = this.messages[i];
      if (isAssistantMessage(message))
        return { ...message, content: message.content ?? null, refusal: message.refusal ?? null };
    }
    throw new OpenAIError("stream ended without producing a ChatCompletionMessage with role=assistant");
  }),
  (_AbstractChatCompletionRunner_getFinalFunctionToolCall = function () {
    for (let i = this.messages.length - 1; i >= 0; i--) {
      const message = this.messages[i];
      if (isAssistantMessage(message) && message?.tool_calls?.length)
        for (let j = message.tool_calls.length - 1; j >= 0; j--) {
          const toolCall = message.tool_calls[j];
          if (toolCall?.type === "function") return toolCall.function;
        }
    }
  }),
  (_AbstractChatCompletionRunner_getFinalFunctionToolCallResult = function () {
    for (let i = this.messages.length - 1; i >= 0; i--) {
      const message = this.messages[i];
      if (
        isToolMessage(message) &&
        message.content != null &&
        typeof message.content == "string" &&
        this.messages.some(
          (x) =>
            x.role === "assistant" && x.tool_calls?.some((y) => y.type === "function" && y.id === message.tool_call_id),
        )
      )
        return message.content;
    }
  }),
  (_AbstractChatCompletionRunner_calculateTotalUsage = function () {
    const total = { completion_tokens: 0, prompt_tokens: 0, total_tokens: 0 };
    for (const { usage } of this._chatCompletions)
      usage &&
        ((total.completion_tokens += usage.completion_tokens),
        (total.prompt_tokens += usage.prompt_tokens),
        (total.total_tokens += usage.total_tokens));
    return total;
  }),
  (_AbstractChatCompletionRunner_validateParams = (params) => {
    if (params.n != null && params.n > 1)
      throw new OpenAIError(
        "ChatCompletion convenience helpers only support n=1 at this time. To use n>1, please use chat.completions.create() directly.",
      );
  }),
  (_AbstractChatCompletionRunner_stringifyFunctionCallResult = (rawContent) =>
    typeof rawContent == "string" ? rawContent : rawContent === void 0 ? "undefined" : JSON.stringify(rawContent));
var ChatCompletionRunner = class _ChatCompletionRunner extends AbstractChatCompletionRunner {
  static runTools(client, params, options) {
    const runner = new _ChatCompletionRunner(),
      opts = { ...options, headers: { ...options?.headers, "X-Stainless-Helper-Method": "runTools" } };
    return runner._run(() => runner._runTools(client, params, runner, opts)), runner;
  }
  _addMessage(message, emit = !0) {
    super._addMessage(message, emit),
      isAssistantMessage(message) && message.content && this._emit("content", message.content);
  }
};
var Allow = {
    STR: 1,
    NUM: 2,
    ARR: 4,
    OBJ: 8,
    NULL: 16,
    BOOL: 32,
    NAN: 64,
    INFINITY: 128,
    MINUS_INFINITY: 256,
    INF: 384,
    SPECIAL: 496,
    ATOM: 499,
    COLLECTION: 12,
    ALL: 511,
  },
  PartialJSON = class extends Error {},
  MalformedJSON = class extends Error {};
function parseJSON(jsonString, allowPartial = Allow.ALL) {
  if (typeof jsonString != "string") throw new TypeError(`expecting str, got ${typeof jsonString}`);
  if (!jsonString.trim()) throw new Error(`${jsonString} is empty`);
  return _parseJSON(jsonString.trim(), allowPartial);
}
var _parseJSON = (jsonString, allow) => {
    let length = jsonString.length,
      index = 0,
      markPartialJSON = (msg) => {
        throw new PartialJSON(`${msg} at position ${index}`);
      },
      throwMalformedError = (msg) => {
        throw new MalformedJSON(`${msg} at position ${index}`);
      },
      parseAny = () => (
        skipBlank(),
        index >= length && markPartialJSON("Unexpected end of input"),
        jsonString[index] === '"'
          ? parseStr()
          : jsonString[index] === "{"
            ? parseObj()
            : jsonString[index] === "["
              ? parseArr()
              : jsonString.substring(index, index + 4) === "null" ||
                  (Allow.NULL & allow && length - index < 4 && "null".startsWith(jsonString.substring(index)))
                ? ((index += 4), null)
                : jsonString.substring(index, index + 4) === "true" ||
                    (Allow.BOOL & allow && length - index < 4 && "true".startsWith(jsonString.substring(index)))
                  ? ((index += 4), !0)
                  : jsonString.substring(index, index + 5) === "false" ||
                      (Allow.BOOL & allow && length - index < 5 && "false".startsWith(jsonString.substring(index)))
                    ? ((index += 5), !1)
                    : jsonString.substring(index, index + 8) === "Infinity" ||
                        (Allow.INFINITY & allow &&
                          length - index < 8 &&
                          "Infinity".startsWith(jsonString.substring(index)))
                      ? ((index += 8), 1 / 0)
                      : jsonString.substring(index, index + 9) === "-Infinity" ||
                          (Allow.MINUS_INFINITY & allow &&
                            1 < length - index &&
                            length - index < 9 &&
                            "-Infinity".startsWith(jsonString.substring(index)))
                        ? ((index += 9), -1 / 0)
                        : jsonString.substring(index, index + 3) === "NaN" ||
                            (Allow.NAN & allow && length - index < 3 && "NaN".startsWith(jsonString.substring(index)))
                          ? ((index += 3), NaN)
                          : parseNum()
      ),
      parseStr = () => {
        let start = index,
          escape2 = !1;
        for (index++; index < length && (jsonString[index] !== '"' || (escape2 && jsonString[index - 1] === "\\")); )
          (escape2 = jsonString[index] === "\\" ? !escape2 : !1), index++;
        if (jsonString.charAt(index) == '"')
          try {
            return JSON.parse(jsonString.substring(start, ++index - Number(escape2)));
          } catch (e) {
            throwMalformedError(String(e));
          }
        else if (Allow.STR & allow)
          try {
            return JSON.parse(jsonString.substring(start, index - Number(escape2)) + '"');
          } catch {
            return JSON.parse(jsonString.substring(start, jsonString.lastIndexOf("\\")) + '"');
          }
        markPartialJSON("Unterminated string literal");
      },
      parseObj = () => {
        index++, skipBlank();
        const obj = {};
        try {
          for (; jsonString[index] !== "}"; ) {
            if ((skipBlank(), index >= length && Allow.OBJ & allow)) return obj;
            const key = parseStr();
            skipBlank(), index++;
            try {
              const value = parseAny();
              Object.defineProperty(obj, key, { value, writable: !0, enumerable: !0, configurable: !0 });
            } catch (e) {
              if (Allow.OBJ & allow) return obj;
              throw e;
            }
            skipBlank(), jsonString[index] === "," && index++;
          }
        } catch {
          if (Allow.OBJ & allow) return obj;
          markPartialJSON("Expected '}' at end of object");
        }
        return index++, obj;
      },
      parseArr = () => {
        index++;
        const arr = [];
        try {
          for (; jsonString[index] !== "]"; ) arr.push(parseAny()), skipBlank(), jsonString[index] === "," && index++;
        } catch {
          if (Allow.ARR & allow) return arr;
          markPartialJSON("Expected ']' at end of array");
        }
        return index++, arr;
      },
      parseNum = () => {
        if (index === 0) {
          jsonString === "-" && Allow.NUM & allow && markPartialJSON("Not sure what '-' is");
          try {
            return JSON.parse(jsonString);
          } catch (e) {
            if (Allow.NUM & allow)
              try {
                return jsonString[jsonString.length - 1] === "."
                  ? JSON.parse(jsonString.substring(0, jsonString.lastIndexOf(".")))
                  : JSON.parse(jsonString.substring(0, jsonString.lastIndexOf("e")));
              } catch {}
            throwMalformedError(String(e));
          }
        }
        const start = index;
        for (jsonString[index] === "-" && index++; jsonString[index] && !",]}".includes(jsonString[index]); ) index++;
        index == length && !(Allow.NUM & allow) && markPartialJSON("Unterminated number literal");
        try {
          return JSON.parse(jsonString.substring(start, index));
        } catch {
          jsonString.substring(start, index) === "-" && Allow.NUM & allow && markPartialJSON("Not sure what '-' is");
          try {
            return JSON.parse(jsonString.substring(start, jsonString.lastIndexOf("e")));
          } catch (e2) {
            throwMalformedError(String(e2));
          }
        }
      },
      skipBlank = () => {
        for (
          ;
          index < length &&
          ` 
\r	`.includes(jsonString[index]);
        )
          index++;
      };
    return parseAny();
  },
  partialParse = (input) => parseJSON(input, Allow.ALL ^ Allow.NUM);
var _ChatCompletionStream_instances,
  _ChatCompletionStream_params,
  _ChatCompletionStream_audioDoneChoiceIndexes,
  _ChatCompletionStream_choiceEventStates,
  _ChatCompletionStream_currentChatCompletionSnapshot,
  _ChatCompletionStream_beginRequest,
  _ChatCompletionStream_getChoiceEventState,
  _ChatCompletionStream_addChunk,
  _ChatCompletionStream_emitToolCallDoneEvent,
  _ChatCompletionStream_emitContentDoneEvents,
  _ChatCompletionStream_endRequest,
  _ChatCompletionStream_getAutoParseableResponseFormat,
  _ChatCompletionStream_accumulateChatCompletion,
  CHAT_COMPLETION_READABLE_STREAM_MESSAGE_PREFIX = "chat.completion.chunk.message:";
function makeChatCompletionReadableStreamMessageChunk(chunk, message, toolCallIds) {
  const payload = { type: "message", message, ...(toolCallIds ? { tool_call_ids: toolCallIds } : {}) };
  return {
    id: chunk.id,
    choices: [],
    created: chunk.created,
    model: chunk.model,
    object: `${CHAT_COMPLETION_READABLE_STREAM_MESSAGE_PREFIX}${JSON.stringify(payload)}`,
  };
}
function isChatCompletionReadableStreamMessage(item) {
  return (
    ("type" in item && item.type === "message" && "message" in item) ||
    ("object" in item &&
      typeof item.object == "string" &&
      item.object.startsWith(CHAT_COMPLETION_READABLE_STREAM_MESSAGE_PREFIX))
  );
}
function getChatCompletionReadableStreamMessage(item) {
  return "type" in item ? item : JSON.parse(item.object.slice(CHAT_COMPLETION_READABLE_STREAM_MESSAGE_PREFIX.length));
}
var ChatCompletionStream = class _ChatCompletionStream extends AbstractChatCompletionRunner {
  constructor(params) {
    super(),
      _ChatCompletionStream_instances.add(this),
      _ChatCompletionStream_params.set(this, void 0),
      _ChatCompletionStream_audioDoneChoiceIndexes.set(this, void 0),
      _ChatCompletionStream_choiceEventStates.set(this, void 0),
      _ChatCompletionStream_currentChatCompletionSnapshot.set(this, void 0),
      __classPrivateFieldSet(this, _ChatCompletionStream_params, params, "f"),
      __classPrivateFieldSet(this, _ChatCompletionStream_audioDoneChoiceIndexes, new Set(), "f"),
      __classPrivateFieldSet(this, _ChatCompletionStream_choiceEventStates, [], "f");
  }
  get currentChatCompletionSnapshot() {
    return __classPrivateFieldGet(this, _ChatCompletionStream_currentChatCompletionSnapshot, "f");
  }
  static fromReadableStream(stream) {
    const runner = new _ChatCompletionStream(null);
    return runner._run(() => runner._fromReadableStream(stream)), runner;
  }
  static createChatCompletion(client, params, options) {
    const runner = new _ChatCompletionStream(params);
    return (
      runner._run(() =>
        runner._runChatCompletion(
          client,
          { ...params, stream: !0 },
          { ...options, headers: { ...options?.headers, "X-Stainless-Helper-Method": "stream" } },
        ),
      ),
      runner
    );
  }
  async _createChatCompletion(client, params, options) {
    super._createChatCompletion,
      this._listenForAbort(options?.signal),
      __classPrivateFieldGet(this, _ChatCompletionStream_instances, "m", _ChatCompletionStream_beginRequest).call(this);
    const stream = await client.chat.completions.create(
      { ...params, stream: !0 },
      { ...options, signal: this.controller.signal },
    );
    this._connected();
    for await (const chunk of stream)
      __classPrivateFieldGet(this, _ChatCompletionStream_instances, "m", _ChatCompletionStream_addChunk).call(
        this,
        chunk,
      );
    if (stream.controller.signal?.aborted) throw new APIUserAbortError();
    return this._addChatCompletion(
      __classPrivateFieldGet(this, _ChatCompletionStream_instances, "m", _ChatCompletionStream_endRequest).call(this),
    );
  }
  async _fromReadableStream(readableStream, options) {
    this._listenForAbort(options?.signal),
      __classPrivateFieldGet(this, _ChatCompletionStream_instances, "m", _ChatCompletionStream_beginRequest).call(this),
      this._connected();
    let stream = Stream.fromReadableStream(readableStream, this.controller),
      chatId;
    for await (const item of stream) {
      if (isChatCompletionReadableStreamMessage(item)) {
        const message = getChatCompletionReadableStreamMessage(item);
        if (__classPrivateFieldGet(this, _ChatCompletionStream_currentChatCompletionSnapshot, "f")) {
          const toolCalls = __classPrivateFieldGet(this, _ChatCompletionStream_currentChatCompletionSnapshot, "f")
            .choices[0]?.message.tool_calls;
          for (const [index, id] of message.tool_call_ids?.entries() ?? []) {
            const toolCall = toolCalls?.[index];
            toolCall && id && (toolCall.id = id);
          }
          this._addChatCompletion(
            __classPrivateFieldGet(this, _ChatCompletionStream_instances, "m", _ChatCompletionStream_endRequest).call(
              this,
            ),
          ),
            (chatId = void 0);
        }
        this._addMessage(message.message);
        continue;
      }
      const chunk = item;
      chatId &&
        chunk.id &&
        chatId !== chunk.id &&
        this._addChatCompletion(
          __classPrivateFieldGet(this, _ChatCompletionStream_instances, "m", _ChatCompletionStream_endRequest).call(
            this,
          ),
        ),
        __classPrivateFieldGet(this, _ChatCompletionStream_instances, "m", _ChatCompletionStream_addChunk).call(
          this,
          chunk,
        ),
        chunk.id && (chatId = chunk.id);
    }
    if (stream.controller.signal?.aborted) throw new APIUserAbortError();
    if (__classPrivateFieldGet(this, _ChatCompletionStream_currentChatCompletionSnapshot, "f"))
      return this._addChatCompletion(
        __classPrivateFieldGet(this, _ChatCompletionStream_instances, "m", _ChatCompletionStream_endRequest).call(this),
      );
    const lastChatCompletion = this._chatCompletions[this._chatCompletions.length - 1];
    if (lastChatCompletion) return lastChatCompletion;
    throw new OpenAIError("request ended without sending any chunks");
  }
  [((_ChatCompletionStream_params = new WeakMap()),
  (_ChatCompletionStream_audioDoneChoiceIndexes = new WeakMap()),
  (_ChatCompletionStream_choiceEventStates = new WeakMap()),
  (_ChatCompletionStream_currentChatCompletionSnapshot = new WeakMap()),
  (_ChatCompletionStream_instances = new WeakSet()),
  (_ChatCompletionStream_beginRequest = function () {
    this.ended ||
      (__classPrivateFieldSet(this, _ChatCompletionStream_audioDoneChoiceIndexes, new Set(), "f"),
      __classPrivateFieldSet(this, _ChatCompletionStream_currentChatCompletionSnapshot, void 0, "f"));
  }),
  (_ChatCompletionStream_getChoiceEventState = function (choice) {
    let state = __classPrivateFieldGet(this, _ChatCompletionStream_choiceEventStates, "f")[choice.index];
    return (
      state ||
      ((state = {
        content_done: !1,
        refusal_done: !1,
        logprobs_content_done: !1,
        logprobs_refusal_done: !1,
        done_tool_calls: new Set(),
        current_tool_call_index: null,
      }),
      (__classPrivateFieldGet(this, _ChatCompletionStream_choiceEventStates, "f")[choice.index] = state),
      state)
    );
  }),
  (_ChatCompletionStream_addChunk = function (chunk) {
    if (this.ended) return;
    const completion = __classPrivateFieldGet(
      this,
      _ChatCompletionStream_instances,
      "m",
      _ChatCompletionStream_accumulateChatCompletion,
    ).call(this, chunk);
    this._emit("chunk", chunk, completion);
    for (const choice of chunk.choices) {
      const choiceSnapshot = completion.choices[choice.index],
        { delta } = choice;
      delta?.content != null &&
        choiceSnapshot.message?.role === "assistant" &&
        choiceSnapshot.message?.content &&
        (this._emit("content", delta.content, choiceSnapshot.message.content),
        this._emit("content.delta", {
          delta: delta.content,
          snapshot: choiceSnapshot.message.content,
          parsed: choiceSnapshot.message.parsed,
        })),
        delta?.refusal != null &&
          choiceSnapshot.message?.role === "assistant" &&
          choiceSnapshot.message?.refusal &&
          this._emit("refusal.delta", { delta: delta.refusal, snapshot: choiceSnapshot.message.refusal }),
        choice.logprobs?.content != null &&
          choiceSnapshot.message?.role === "assistant" &&
          this._emit("logprobs.content.delta", {
            content: choice.logprobs?.content,
            snapshot: choiceSnapshot.logprobs?.content ?? [],
          }),
        choice.logprobs?.refusal != null &&
          choiceSnapshot.message?.role === "assistant" &&
          this._emit("logprobs.refusal.delta", {
            refusal: choice.logprobs?.refusal,
            snapshot: choiceSnapshot.logprobs?.refusal ?? [],
          });
      const state = __classPrivateFieldGet(
        this,
        _ChatCompletionStream_instances,
        "m",
        _ChatCompletionStream_getChoiceEventState,
      ).call(this, choiceSnapshot);
      choiceSnapshot.finish_reason &&
        (__classPrivateFieldGet(
          this,
          _ChatCompletionStream_instances,
          "m",
          _ChatCompletionStream_emitContentDoneEvents,
        ).call(this, choiceSnapshot),
        state.current_tool_call_index != null &&
          __classPrivateFieldGet(
            this,
            _ChatCompletionStream_instances,
            "m",
            _ChatCompletionStream_emitToolCallDoneEvent,
          ).call(this, choiceSnapshot, state.current_tool_call_index));
      for (const toolCall of delta?.tool_calls ?? [])
        state.current_tool_call_index !== toolCall.index &&
          (__classPrivateFieldGet(
            this,
            _ChatCompletionStream_instances,
            "m",
            _ChatCompletionStream_emitContentDoneEvents,
          ).call(this, choiceSnapshot),
          state.current_tool_call_index != null &&
            __classPrivateFieldGet(
              this,
              _ChatCompletionStream_instances,
              "m",
              _ChatCompletionStream_emitToolCallDoneEvent,
            ).call(this, choiceSnapshot, state.current_tool_call_index)),
          (state.current_tool_call_index = toolCall.index);
      for (const toolCallDelta of delta?.tool_calls ?? []) {
        const toolCallSnapshot = choiceSnapshot.message.tool_calls?.[toolCallDelta.index];
        toolCallSnapshot?.type &&
          (toolCallSnapshot?.type === "function"
            ? this._emit("tool_calls.function.arguments.delta", {
                name: toolCallSnapshot.function?.name,
                index: toolCallDelta.index,
                arguments: toolCallSnapshot.function.arguments,
                parsed_arguments: toolCallSnapshot.function.parsed_arguments,
                arguments_delta: toolCallDelta.function?.arguments ?? "",
              })
            : (toolCallSnapshot?.type, void 0));
      }
    }
  }),
  (_ChatCompletionStream_emitToolCallDoneEvent = function (choiceSnapshot, toolCallIndex) {
    if (
      __classPrivateFieldGet(this, _ChatCompletionStream_instances, "m", _ChatCompletionStream_getChoiceEventState)
        .call(this, choiceSnapshot)
        .done_tool_calls.has(toolCallIndex)
    )
      return;
    const toolCallSnapshot = choiceSnapshot.message.tool_calls?.[toolCallIndex];
    if (!toolCallSnapshot) throw new Error("no tool call snapshot");
    if (!toolCallSnapshot.type) throw new Error("tool call snapshot missing `type`");
    if (toolCallSnapshot.type === "function") {
      const inputTool = __classPrivateFieldGet(this, _ChatCompletionStream_params, "f")?.tools?.find(
        (tool) => isChatCompletionFunctionTool(tool) && tool.function.name === toolCallSnapshot.function.name,
      );
      this._emit("tool_calls.function.arguments.done", {
        name: toolCallSnapshot.function.name,
        index: toolCallIndex,
        arguments: toolCallSnapshot.function.arguments,
        parsed_arguments: isAutoParsableTool(inputTool)
          ? inputTool.$parseRaw(toolCallSnapshot.function.arguments)
          : inputTool?.function.strict
            ? JSON.parse(toolCallSnapshot.function.arguments)
            : null,
      });
    } else toolCallSnapshot.type;
  }),
  (_ChatCompletionStream_emitContentDoneEvents = function (choiceSnapshot) {
    const state = __classPrivateFieldGet(
      this,
      _ChatCompletionStream_instances,
      "m",
      _ChatCompletionStream_getChoiceEventState,
    ).call(this, choiceSnapshot);
    if (choiceSnapshot.message.content && !state.content_done) {
      state.content_done = !0;
      const responseFormat = __classPrivateFieldGet(
        this,
        _ChatCompletionStream_instances,
        "m",
        _ChatCompletionStream_getAutoParseableResponseFormat,
      ).call(this);
      this._emit("content.done", {
        content: choiceSnapshot.message.content,
        parsed: responseFormat ? responseFormat.$parseRaw(choiceSnapshot.message.content) : null,
      });
    }
    choiceSnapshot.message.refusal &&
      !state.refusal_done &&
      ((state.refusal_done = !0), this._emit("refusal.done", { refusal: choiceSnapshot.message.refusal })),
      choiceSnapshot.logprobs?.content &&
        !state.logprobs_content_done &&
        ((state.logprobs_content_done = !0),
        this._emit("logprobs.content.done", { content: choiceSnapshot.logprobs.content })),
      choiceSnapshot.logprobs?.refusal &&
        !state.logprobs_refusal_done &&
        ((state.logprobs_refusal_done = !0),
        this._emit("logprobs.refusal.done", { refusal: choiceSnapshot.logprobs.refusal }));
  }),
  (_ChatCompletionStream_endRequest = function () {
    if (this.ended) throw new OpenAIError("stream has ended, this shouldn't happen");
    const snapshot = __classPrivateFieldGet(this, _ChatCompletionStream_currentChatCompletionSnapshot, "f");
    if (!snapshot) throw new OpenAIError("request ended without sending any chunks");
    const audioDoneChoiceIndexes = __classPrivateFieldGet(this, _ChatCompletionStream_audioDoneChoiceIndexes, "f");
    return (
      __classPrivateFieldSet(this, _ChatCompletionStream_audioDoneChoiceIndexes, new Set(), "f"),
      __classPrivateFieldSet(this, _ChatCompletionStream_currentChatCompletionSnapshot, void 0, "f"),
      __classPrivateFieldSet(this, _ChatCompletionStream_choiceEventStates, [], "f"),
      finalizeChatCompletion(
        snapshot,
        __classPrivateFieldGet(this, _ChatCompletionStream_params, "f"),
        audioDoneChoiceIndexes,
      )
    );
  }),
  (_ChatCompletionStream_getAutoParseableResponseFormat = function () {
    const responseFormat = __classPrivateFieldGet(this, _ChatCompletionStream_params, "f")?.response_format;
    return isAutoParsableResponseFormat(responseFormat) ? responseFormat : null;
  }),
  (_ChatCompletionStream_accumulateChatCompletion = function (chunk) {
    var _a3, _b, _c, _d, _e;
    let snapshot = __classPrivateFieldGet(this, _ChatCompletionStream_currentChatCompletionSnapshot, "f"),
      { choices, ...rest } = chunk;
    snapshot
      ? chunk.id && Object.assign(snapshot, rest)
      : (snapshot = __classPrivateFieldSet(
          this,
          _ChatCompletionStream_currentChatCompletionSnapshot,
          { ...rest, choices: [] },
          "f",
        ));
    for (const { delta, finish_reason, index, logprobs = null, ...other } of chunk.choices) {
      let choice = snapshot.choices[index];
      if (
        (choice || (choice = snapshot.choices[index] = { finish_reason, index, message: {}, logprobs, ...other }),
        logprobs)
      )
        if (!choice.logprobs) choice.logprobs = Object.assign({}, logprobs);
        else {
          const { content: content2, refusal: refusal2, ...rest3 } = logprobs;
          Object.assign(choice.logprobs, rest3),
            content2 &&
              ((_a3 = choice.logprobs).content ?? (_a3.content = []), choice.logprobs.content.push(...content2)),
            refusal2 &&
              ((_b = choice.logprobs).refusal ?? (_b.refusal = []), choice.logprobs.refusal.push(...refusal2));
        }
      if (
        finish_reason &&
        ((choice.finish_reason = finish_reason),
        __classPrivateFieldGet(this, _ChatCompletionStream_params, "f") &&
          hasAutoParseableInput(__classPrivateFieldGet(this, _ChatCompletionStream_params, "f")))
      ) {
        if (finish_reason === "length") throw new LengthFinishReasonError();
        if (finish_reason === "content_filter") throw new ContentFilterFinishReasonError();
      }
      if ((Object.assign(choice, other), !delta)) continue;
      __classPrivateFieldGet(this, _ChatCompletionStream_audioDoneChoiceIndexes, "f").delete(index);
      const { audio, content, refusal, function_call, role, tool_calls, ...rest2 } = delta;
      if (
        (Object.assign(choice.message, rest2),
        audio?.expires_at != null &&
          audio.id == null &&
          audio.data == null &&
          audio.transcript == null &&
          content == null &&
          refusal == null &&
          function_call == null &&
          role == null &&
          tool_calls == null &&
          Object.keys(rest2).length === 0 &&
          __classPrivateFieldGet(this, _ChatCompletionStream_audioDoneChoiceIndexes, "f").add(index),
        refusal && (choice.message.refusal = (choice.message.refusal || "") + refusal),
        role && (choice.message.role = role),
        audio)
      ) {
        const audioSnapshot = (_c = choice.message).audio ?? (_c.audio = {});
        audio.id != null && (audioSnapshot.id = audio.id),
          audio.data != null && (audioSnapshot.data = (audioSnapshot.data ?? "") + audio.data),
          audio.transcript != null && (audioSnapshot.transcript = (audioSnapshot.transcript ?? "") + audio.transcript),
          audio.expires_at != null && (audioSnapshot.expires_at = audio.expires_at);
      }
      if (
        (function_call &&
          (choice.message.function_call
            ? (function_call.name && (choice.message.function_call.name = function_call.name),
              function_call.arguments &&
                ((_d = choice.message.function_call).arguments ?? (_d.arguments = ""),
                (choice.message.function_call.arguments += function_call.arguments)))
            : (choice.message.function_call = function_call)),
        content &&
          ((choice.message.content = (choice.message.content || "") + content),
          !choice.message.refusal &&
            __classPrivateFieldGet(
              this,
              _ChatCompletionStream_instances,
              "m",
              _ChatCompletionStream_getAutoParseableResponseFormat,
            ).call(this) &&
            (choice.message.parsed = choice.message.content.trim() ? partialParse(choice.message.content) : null)),
        tool_calls)
      ) {
        choice.message.tool_calls || (choice.message.tool_calls = []);
        for (const { index: index2, id, type, function: fn, ...rest3 } of tool_calls) {
          const tool_call = (_e = choice.message.tool_calls)[index2] ?? (_e[index2] = {});
          Object.assign(tool_call, rest3),
            id && (tool_call.id = id),
            type && (tool_call.type = type),
            fn && (tool_call.function ?? (tool_call.function = { name: fn.name ?? "", arguments: "" })),
            fn?.name && (tool_call.function.name = fn.name),
            fn?.arguments &&
              ((tool_call.function.arguments += fn.arguments),
              shouldParseToolCall(__classPrivateFieldGet(this, _ChatCompletionStream_params, "f"), tool_call) &&
                (tool_call.function.parsed_arguments = partialParse(tool_call.function.arguments)));
        }
      }
    }
    return snapshot;
  }),
  Symbol.asyncIterator)]() {
    let pushQueue = [],
      readQueue = [],
      done = !1;
    return (
      this.on("chunk", (chunk) => {
        const reader = readQueue.shift();
        reader ? reader.resolve(chunk) : pushQueue.push(chunk);
      }),
      this.on("end", () => {
        done = !0;
        for (const reader of readQueue) reader.resolve(void 0);
        readQueue.length = 0;
      }),
      this.on("abort", (err) => {
        done = !0;
        for (const reader of readQueue) reader.reject(err);
        readQueue.length = 0;
      }),
      this.on("error", (err) => {
        done = !0;
        for (const reader of readQueue) reader.reject(err);
        readQueue.length = 0;
      }),
      {
        next: async () =>
          pushQueue.length
            ? { value: pushQueue.shift(), done: !1 }
            : done
              ? { value: void 0, done: !0 }
              : new Promise((resolve, reject) => readQueue.push({ resolve, reject })).then((chunk2) =>
                  chunk2 ? { value: chunk2, done: !1 } : { value: void 0, done: !0 },
                ),
        return: async () => (this.abort(), { value: void 0, done: !0 }),
      }
    );
  }
  toReadableStream() {
    return new Stream(this[Symbol.asyncIterator].bind(this), this.controller).toReadableStream();
  }
};
function finalizeChatCompletion(snapshot, params, audioDoneChoiceIndexes) {
  const { id, choices, created, model, system_fingerprint, ...rest } = snapshot,
    completion = {
      ...rest,
      id,
      choices: choices.map(({ message, finish_reason, index, logprobs, ...choiceRest }) => {
        const { content = null, function_call, tool_calls, audio, ...messageRest } = message,
          finishReason = finish_reason ?? (audioDoneChoiceIndexes.has(index) && isCompleteAudio(audio) ? "stop" : null);
        if (!finishReason) throw new OpenAIError(`missing finish_reason for choice ${index}`);
        const audioResponse = audio ? { audio } : {},
          role = message.role;
        if (!role) throw new OpenAIError(`missing role for choice ${index}`);
        if (function_call) {
          const { arguments: args, name } = function_call;
          if (args == null) throw new OpenAIError(`missing function_call.arguments for choice ${index}`);
          if (!name) throw new OpenAIError(`missing function_call.name for choice ${index}`);
          return {
            ...choiceRest,
            message: {
              ...audioResponse,
              content,
              function_call: { arguments: args, name },
              role,
              refusal: message.refusal ?? null,
            },
            finish_reason: finishReason,
            index,
            logprobs,
          };
        }
        return tool_calls
          ? {
              ...choiceRest,
              index,
              finish_reason: finishReason,
              logprobs,
              message: {
                ...messageRest,
                ...audioResponse,
                role,
                content,
                refusal: message.refusal ?? null,
                tool_calls: tool_calls.map((tool_call, i) => {
                  const { function: fn, type, id: id2, ...toolRest } = tool_call,
                    { arguments: args, name, ...fnRest } = fn || {};
                  if (type == null)
                    throw new OpenAIError(`missing choices[${index}].tool_calls[${i}].type
${str(snapshot)}`);
                  if (name == null)
                    throw new OpenAIError(`missing choices[${index}].tool_calls[${i}].function.name
${str(snapshot)}`);
                  if (args == null)
                    throw new OpenAIError(`missing choices[${index}].tool_calls[${i}].function.arguments
${str(snapshot)}`);
                  return {
                    ...toolRest,
                    id: id2 || `call_${uuid4()}`,
                    type,
                    function: { ...fnRest, name, arguments: args },
                  };
                }),
              },
            }
          : {
              ...choiceRest,
              message: { ...messageRest, ...audioResponse, content, role, refusal: message.refusal ?? null },
              finish_reason: finishReason,
              index,
              logprobs,
            };
      }),
      created,
      model,
      object: "chat.completion",
      ...(system_fingerprint ? { system_fingerprint } : {}),
    };
  return maybeParseChatCompletion(completion, params);
}
function isCompleteAudio(audio) {
  return audio?.id != null && audio.data != null && audio.transcript != null && audio.expires_at != null;
}
function str(x) {
  return JSON.stringify(x);
}
var ChatCompletionStreamingRunner = class _ChatCompletionStreamingRunner extends ChatCompletionStream {
  static fromReadableStream(stream) {
    const runner = new _ChatCompletionStreamingRunner(null);
    return runner._run(() => runner._fromReadableStream(stream)), runner;
  }
  toReadableStream() {
    let pushQueue = [],
      readQueue = [],
      done = !1,
      lastChunk,
      toolCallIds,
      pushEvent = (event) => {
        const reader = readQueue.shift();
        reader ? reader.resolve(event) : pushQueue.push(event);
      };
    this.on("chunk", (chunk) => {
      (lastChunk = chunk), pushEvent(chunk);
    }),
      this.on("message", (message) => {
        if (isAssistantMessage(message)) {
          toolCallIds = message.tool_calls?.map((toolCall) => toolCall.id);
          return;
        }
        if (isToolMessage(message)) {
          if (!lastChunk) throw new OpenAIError("cannot serialize a tool message before receiving any chunks");
          pushEvent(makeChatCompletionReadableStreamMessageChunk(lastChunk, message, toolCallIds));
        }
      }),
      this.on("end", () => {
        done = !0;
        for (const reader of readQueue) reader.resolve(void 0);
        readQueue.length = 0;
      }),
      this.on("abort", (err) => {
        done = !0;
        for (const reader of readQueue) reader.reject(err);
        readQueue.length = 0;
      }),
      this.on("error", (err) => {
        done = !0;
        for (const reader of readQueue) reader.reject(err);
        readQueue.length = 0;
      });
    const iterator = () => ({
      next: async () => {
        if (!pushQueue.length)
          return done
            ? { value: void 0, done: !0 }
            : new Promise((resolve, reject) => readQueue.push({ resolve, reject })).then((event2) =>
                event2 ? { value: event2, done: !1 } : { value: void 0, done: !0 },
              );
        const event = pushQueue.shift();
        return event ? { value: event, done: !1 } : { value: void 0, done: !0 };
      },
      return: async () => (this.abort(), { value: void 0, done: !0 }),
    });
    return new Stream(iterator, this.controller).toReadableStream();
  }
  static runTools(client, params, options) {
    const runner = new _ChatCompletionStreamingRunner(params),
      opts = { ...options, headers: { ...options?.headers, "X-Stainless-Helper-Method": "runTools" } };
    return runner._run(() => runner._runTools(client, params, runner, opts)), runner;
  }
};
var Completions = class extends APIResource {
  constructor() {
    super(...arguments), (this.messages = new Messages(this._client));
  }
  create(body, options) {
    return this._client.post("/chat/completions", {
      body,
      ...options,
      stream: body.stream ?? !1,
      __security: { bearerAuth: !0 },
    });
  }
  retrieve(completionID, options) {
    return this._client.get(path`/chat/completions/${completionID}`, { ...options, __security: { bearerAuth: !0 } });
  }
  update(completionID, body, options) {
    return this._client.post(path`/chat/completions/${completionID}`, {
      body,
      ...options,
      __security: { bearerAuth: !0 },
    });
  }
  list(query = {}, options) {
    return this._client.getAPIList("/chat/completions", CursorPage, {
      query,
      ...options,
      __security: { bearerAuth: !0 },
    });
  }
  delete(completionID, options) {
    return this._client.delete(path`/chat/completions/${completionID}`, { ...options, __security: { bearerAuth: !0 } });
  }
  parse(body, options) {
    return (
      validateInputTools(body.tools),
      this._client.chat.completions
        .create(body, {
          ...options,
          headers: { ...options?.headers, "X-Stainless-Helper-Method": "chat.completions.parse" },
        })
        ._thenUnwrap((completion) => parseChatCompletion(completion, body))
    );
  }
  runTools(body, options) {
    return body.stream
      ? ChatCompletionStreamingRunner.runTools(this._client, body, options)
      : ChatCompletionRunner.runTools(this._client, body, options);
  }
  stream(body, options) {
    return ChatCompletionStream.createChatCompletion(this._client, body, options);
  }
};
Completions.Messages = Messages;
var Chat = class extends APIResource {
  constructor() {
    super(...arguments), (this.completions = new Completions(this._client));
  }
};
Chat.Completions = Completions;
var AdminAPIKeys = class extends APIResource {
  create(body, options) {
    return this._client.post("/organization/admin_api_keys", { body, ...options, __security: { adminAPIKeyAuth: !0 } });
  }
  retrieve(keyID, options) {
    return this._client.get(path`/organization/admin_api_keys/${keyID}`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  list(query = {}, options) {
    return this._client.getAPIList("/organization/admin_api_keys", CursorPage, {
      query,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  delete(keyID, options) {
    return this._client.delete(path`/organization/admin_api_keys/${keyID}`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
};
var AuditLogs = class extends APIResource {
  list(query = {}, options) {
    return this._client.getAPIList("/organization/audit_logs", ConversationCursorPage, {
      query,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
};
var Certificates = class extends APIResource {
  create(body, options) {
    return this._client.post("/organization/certificates", { body, ...options, __security: { adminAPIKeyAuth: !0 } });
  }
  retrieve(certificateID, query = {}, options) {
    return this._client.get(path`/organization/certificates/${certificateID}`, {
      query,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  update(certificateID, body, options) {
    return this._client.post(path`/organization/certificates/${certificateID}`, {
      body,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  list(query = {}, options) {
    return this._client.getAPIList("/organization/certificates", ConversationCursorPage, {
      query,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  delete(certificateID, options) {
    return this._client.delete(path`/organization/certificates/${certificateID}`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  activate(body, options) {
    return this._client.getAPIList("/organization/certificates/activate", Page, {
      body,
      method: "post",
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  deactivate(body, options) {
    return this._client.getAPIList("/organization/certificates/deactivate", Page, {
      body,
      method: "post",
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
};
var DataRetention = class extends APIResource {
  retrieve(options) {
    return this._client.get("/organization/data_retention", { ...options, __security: { adminAPIKeyAuth: !0 } });
  }
  update(body, options) {
    return this._client.post("/organization/data_retention", { body, ...options, __security: { adminAPIKeyAuth: !0 } });
  }
};
var Invites = class extends APIResource {
  create(body, options) {
    return this._client.post("/organization/invites", { body, ...options, __security: { adminAPIKeyAuth: !0 } });
  }
  retrieve(inviteID, options) {
    return this._client.get(path`/organization/invites/${inviteID}`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  list(query = {}, options) {
    return this._client.getAPIList("/organization/invites", ConversationCursorPage, {
      query,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  delete(inviteID, options) {
    return this._client.delete(path`/organization/invites/${inviteID}`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
};
var Roles = class extends APIResource {
  create(body, options) {
    return this._client.post("/organization/roles", { body, ...options, __security: { adminAPIKeyAuth: !0 } });
  }
  retrieve(roleID, options) {
    return this._client.get(path`/organization/roles/${roleID}`, { ...options, __security: { adminAPIKeyAuth: !0 } });
  }
  update(roleID, body, options) {
    return this._client.post(path`/organization/roles/${roleID}`, {
      body,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  list(query = {}, options) {
    return this._client.getAPIList("/organization/roles", NextCursorPage, {
      query,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  delete(roleID, options) {
    return this._client.delete(path`/organization/roles/${roleID}`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
};
var SpendAlerts = class extends APIResource {
  create(body, options) {
    return this._client.post("/organization/spend_alerts", { body, ...options, __security: { adminAPIKeyAuth: !0 } });
  }
  retrieve(alertID, options) {
    return this._client.get(path`/organization/spend_alerts/${alertID}`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  update(alertID, body, options) {
    return this._client.post(path`/organization/spend_alerts/${alertID}`, {
      body,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  list(query = {}, options) {
    return this._client.getAPIList("/organization/spend_alerts", ConversationCursorPage, {
      query,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  delete(alertID, options) {
    return this._client.delete(path`/organization/spend_alerts/${alertID}`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
};
var SpendLimit = class extends APIResource {
  retrieve(options) {
    return this._client.get("/organization/spend_limit", { ...options, __security: { adminAPIKeyAuth: !0 } });
  }
  update(body, options) {
    return this._client.post("/organization/spend_limit", { body, ...options, __security: { adminAPIKeyAuth: !0 } });
  }
  delete(options) {
    return this._client.delete("/organization/spend_limit", { ...options, __security: { adminAPIKeyAuth: !0 } });
  }
};
var Usage = class extends APIResource {
  audioSpeeches(query, options) {
    return this._client.get("/organization/usage/audio_speeches", {
      query,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  audioTranscriptions(query, options) {
    return this._client.get("/organization/usage/audio_transcriptions", {
      query,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  codeInterpreterSessions(query, options) {
    return this._client.get("/organization/usage/code_interpreter_sessions", {
      query,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  completions(query, options) {
    return this._client.get("/organization/usage/completions", {
      query,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  costs(query, options) {
    return this._client.get("/organization/costs", { query, ...options, __security: { adminAPIKeyAuth: !0 } });
  }
  embeddings(query, options) {
    return this._client.get("/organization/usage/embeddings", {
      query,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  fileSearchCalls(query, options) {
    return this._client.get("/organization/usage/file_search_calls", {
      query,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  images(query, options) {
    return this._client.get("/organization/usage/images", { query, ...options, __security: { adminAPIKeyAuth: !0 } });
  }
  moderations(query, options) {
    return this._client.get("/organization/usage/moderations", {
      query,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  vectorStores(query, options) {
    return this._client.get("/organization/usage/vector_stores", {
      query,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  webSearchCalls(query, options) {
    return this._client.get("/organization/usage/web_search_calls", {
      query,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
};
var Roles2 = class extends APIResource {
  create(groupID, body, options) {
    return this._client.post(path`/organization/groups/${groupID}/roles`, {
      body,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  retrieve(roleID, params, options) {
    const { group_id } = params;
    return this._client.get(path`/organization/groups/${group_id}/roles/${roleID}`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  list(groupID, query = {}, options) {
    return this._client.getAPIList(path`/organization/groups/${groupID}/roles`, NextCursorPage, {
      query,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  delete(roleID, params, options) {
    const { group_id } = params;
    return this._client.delete(path`/organization/groups/${group_id}/roles/${roleID}`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
};
var Users = class extends APIResource {
  create(groupID, body, options) {
    return this._client.post(path`/organization/groups/${groupID}/users`, {
      body,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  retrieve(userID, params, options) {
    const { group_id } = params;
    return this._client.get(path`/organization/groups/${group_id}/users/${userID}`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  list(groupID, query = {}, options) {
    return this._client.getAPIList(path`/organization/groups/${groupID}/users`, NextCursorPage, {
      query,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  delete(userID, params, options) {
    const { group_id } = params;
    return this._client.delete(path`/organization/groups/${group_id}/users/${userID}`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
};
var Groups = class extends APIResource {
  constructor() {
    super(...arguments), (this.users = new Users(this._client)), (this.roles = new Roles2(this._client));
  }
  create(body, options) {
    return this._client.post("/organization/groups", { body, ...options, __security: { adminAPIKeyAuth: !0 } });
  }
  retrieve(groupID, options) {
    return this._client.get(path`/organization/groups/${groupID}`, { ...options, __security: { adminAPIKeyAuth: !0 } });
  }
  update(groupID, body, options) {
    return this._client.post(path`/organization/groups/${groupID}`, {
      body,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  list(query = {}, options) {
    return this._client.getAPIList("/organization/groups", NextCursorPage, {
      query,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  delete(groupID, options) {
    return this._client.delete(path`/organization/groups/${groupID}`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
};
Groups.Users = Users;
Groups.Roles = Roles2;
var APIKeys = class extends APIResource {
  retrieve(apiKeyID, params, options) {
    const { project_id } = params;
    return this._client.get(path`/organization/projects/${project_id}/api_keys/${apiKeyID}`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  list(projectID, query = {}, options) {
    return this._client.getAPIList(path`/organization/projects/${projectID}/api_keys`, ConversationCursorPage, {
      query,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  delete(apiKeyID, params, options) {
    const { project_id } = params;
    return this._client.delete(path`/organization/projects/${project_id}/api_keys/${apiKeyID}`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
};
var Certificates2 = class extends APIResource {
  list(projectID, query = {}, options) {
    return this._client.getAPIList(path`/organization/projects/${projectID}/certificates`, ConversationCursorPage, {
      query,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  activate(projectID, body, options) {
    return this._client.getAPIList(path`/organization/projects/${projectID}/certificates/activate`, Page, {
      body,
      method: "post",
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  deactivate(projectID, body, options) {
    return this._client.getAPIList(path`/organization/projects/${projectID}/certificates/deactivate`, Page, {
      body,
      method: "post",
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
};
var DataRetention2 = class extends APIResource {
  retrieve(projectID, options) {
    return this._client.get(path`/organization/projects/${projectID}/data_retention`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  update(projectID, body, options) {
    return this._client.post(path`/organization/projects/${projectID}/data_retention`, {
      body,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
};
var HostedToolPermissions = class extends APIResource {
  retrieve(projectID, options) {
    return this._client.get(path`/organization/projects/${projectID}/hosted_tool_permissions`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  update(projectID, body, options) {
    return this._client.post(path`/organization/projects/${projectID}/hosted_tool_permissions`, {
      body,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
};
var ModelPermissions = class extends APIResource {
  retrieve(projectID, options) {
    return this._client.get(path`/organization/projects/${projectID}/model_permissions`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  update(projectID, body, options) {
    return this._client.post(path`/organization/projects/${projectID}/model_permissions`, {
      body,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  delete(projectID, options) {
    return this._client.delete(path`/organization/projects/${projectID}/model_permissions`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
};
var RateLimits = class extends APIResource {
  listRateLimits(projectID, query = {}, options) {
    return this._client.getAPIList(path`/organization/projects/${projectID}/rate_limits`, ConversationCursorPage, {
      query,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  updateRateLimit(rateLimitID, params, options) {
    const { project_id, ...body } = params;
    return this._client.post(path`/organization/projects/${project_id}/rate_limits/${rateLimitID}`, {
      body,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
};
var Roles3 = class extends APIResource {
  create(projectID, body, options) {
    return this._client.post(path`/projects/${projectID}/roles`, {
      body,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  retrieve(roleID, params, options) {
    const { project_id } = params;
    return this._client.get(path`/projects/${project_id}/roles/${roleID}`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  update(roleID, params, options) {
    const { project_id, ...body } = params;
    return this._client.post(path`/projects/${project_id}/roles/${roleID}`, {
      body,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  list(projectID, query = {}, options) {
    return this._client.getAPIList(path`/projects/${projectID}/roles`, NextCursorPage, {
      query,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  delete(roleID, params, options) {
    const { project_id } = params;
    return this._client.delete(path`/projects/${project_id}/roles/${roleID}`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
};
var SpendAlerts2 = class extends APIResource {
  create(projectID, body, options) {
    return this._client.post(path`/organization/projects/${projectID}/spend_alerts`, {
      body,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  retrieve(alertID, params, options) {
    const { project_id } = params;
    return this._client.get(path`/organization/projects/${project_id}/spend_alerts/${alertID}`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  update(alertID, params, options) {
    const { project_id, ...body } = params;
    return this._client.post(path`/organization/projects/${project_id}/spend_alerts/${alertID}`, {
      body,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  list(projectID, query = {}, options) {
    return this._client.getAPIList(path`/organization/projects/${projectID}/spend_alerts`, ConversationCursorPage, {
      query,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  delete(alertID, params, options) {
    const { project_id } = params;
    return this._client.delete(path`/organization/projects/${project_id}/spend_alerts/${alertID}`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
};
var SpendLimit2 = class extends APIResource {
  retrieve(projectID, options) {
    return this._client.get(path`/organization/projects/${projectID}/spend_limit`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  update(projectID, body, options) {
    return this._client.post(path`/organization/projects/${projectID}/spend_limit`, {
      body,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  delete(projectID, options) {
    return this._client.delete(path`/organization/projects/${projectID}/spend_limit`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
};
var Roles4 = class extends APIResource {
  create(groupID, params, options) {
    const { project_id, ...body } = params;
    return this._client.post(path`/projects/${project_id}/groups/${groupID}/roles`, {
      body,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  retrieve(roleID, params, options) {
    const { project_id, group_id } = params;
    return this._client.get(path`/projects/${project_id}/groups/${group_id}/roles/${roleID}`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  list(groupID, params, options) {
    const { project_id, ...query } = params;
    return this._client.getAPIList(path`/projects/${project_id}/groups/${groupID}/roles`, NextCursorPage, {
      query,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  delete(roleID, params, options) {
    const { project_id, group_id } = params;
    return this._client.delete(path`/projects/${project_id}/groups/${group_id}/roles/${roleID}`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
};
var Groups2 = class extends APIResource {
  constructor() {
    super(...arguments), (this.roles = new Roles4(this._client));
  }
  create(projectID, body, options) {
    return this._client.post(path`/organization/projects/${projectID}/groups`, {
      body,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  retrieve(groupID, params, options) {
    const { project_id, ...query } = params;
    return this._client.get(path`/organization/projects/${project_id}/groups/${groupID}`, {
      query,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  list(projectID, query = {}, options) {
    return this._client.getAPIList(path`/organization/projects/${projectID}/groups`, NextCursorPage, {
      query,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  delete(groupID, params, options) {
    const { project_id } = params;
    return this._client.delete(path`/organization/projects/${project_id}/groups/${groupID}`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
};
Groups2.Roles = Roles4;
var APIKeys2 = class extends APIResource {
  create(serviceAccountID, params, options) {
    const { project_id, ...body } = params;
    return this._client.post(path`/organization/projects/${project_id}/service_accounts/${serviceAccountID}/api_keys`, {
      body,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
};
var ServiceAccounts = class extends APIResource {
  constructor() {
    super(...arguments), (this.apiKeys = new APIKeys2(this._client));
  }
  create(projectID, body, options) {
    return this._client.post(path`/organization/projects/${projectID}/service_accounts`, {
      body,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  retrieve(serviceAccountID, params, options) {
    const { project_id } = params;
    return this._client.get(path`/organization/projects/${project_id}/service_accounts/${serviceAccountID}`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  update(serviceAccountID, params, options) {
    const { project_id, ...body } = params;
    return this._client.post(path`/organization/projects/${project_id}/service_accounts/${serviceAccountID}`, {
      body,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  list(projectID, query = {}, options) {
    return this._client.getAPIList(path`/organization/projects/${projectID}/service_accounts`, ConversationCursorPage, {
      query,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  delete(serviceAccountID, params, options) {
    const { project_id } = params;
    return this._client.delete(path`/organization/projects/${project_id}/service_accounts/${serviceAccountID}`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
};
ServiceAccounts.APIKeys = APIKeys2;
var Roles5 = class extends APIResource {
  create(userID, params, options) {
    const { project_id, ...body } = params;
    return this._client.post(path`/projects/${project_id}/users/${userID}/roles`, {
      body,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  retrieve(roleID, params, options) {
    const { project_id, user_id } = params;
    return this._client.get(path`/projects/${project_id}/users/${user_id}/roles/${roleID}`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  list(userID, params, options) {
    const { project_id, ...query } = params;
    return this._client.getAPIList(path`/projects/${project_id}/users/${userID}/roles`, NextCursorPage, {
      query,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  delete(roleID, params, options) {
    const { project_id, user_id } = params;
    return this._client.delete(path`/projects/${project_id}/users/${user_id}/roles/${roleID}`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
};
var Users2 = class extends APIResource {
  constructor() {
    super(...arguments), (this.roles = new Roles5(this._client));
  }
  create(projectID, body, options) {
    return this._client.post(path`/organization/projects/${projectID}/users`, {
      body,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  retrieve(userID, params, options) {
    const { project_id } = params;
    return this._client.get(path`/organization/projects/${project_id}/users/${userID}`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  update(userID, params, options) {
    const { project_id, ...body } = params;
    return this._client.post(path`/organization/projects/${project_id}/users/${userID}`, {
      body,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  list(projectID, query = {}, options) {
    return this._client.getAPIList(path`/organization/projects/${projectID}/users`, ConversationCursorPage, {
      query,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  delete(userID, params, options) {
    const { project_id } = params;
    return this._client.delete(path`/organization/projects/${project_id}/users/${userID}`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
};
Users2.Roles = Roles5;
var Projects = class extends APIResource {
  constructor() {
    super(...arguments),
      (this.users = new Users2(this._client)),
      (this.serviceAccounts = new ServiceAccounts(this._client)),
      (this.apiKeys = new APIKeys(this._client)),
      (this.rateLimits = new RateLimits(this._client)),
      (this.modelPermissions = new ModelPermissions(this._client)),
      (this.hostedToolPermissions = new HostedToolPermissions(this._client)),
      (this.groups = new Groups2(this._client)),
      (this.roles = new Roles3(this._client)),
      (this.dataRetention = new DataRetention2(this._client)),
      (this.spendLimit = new SpendLimit2(this._client)),
      (this.spendAlerts = new SpendAlerts2(this._client)),
      (this.certificates = new Certificates2(this._client));
  }
  create(body, options) {
    return this._client.post("/organization/projects", { body, ...options, __security: { adminAPIKeyAuth: !0 } });
  }
  retrieve(projectID, options) {
    return this._client.get(path`/organization/projects/${projectID}`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  update(projectID, body, options) {
    return this._client.post(path`/organization/projects/${projectID}`, {
      body,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  list(query = {}, options) {
    return this._client.getAPIList("/organization/projects", ConversationCursorPage, {
      query,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  archive(projectID, options) {
    return this._client.post(path`/organization/projects/${projectID}/archive`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
};
Projects.Users = Users2;
Projects.ServiceAccounts = ServiceAccounts;
Projects.APIKeys = APIKeys;
Projects.RateLimits = RateLimits;
Projects.ModelPermissions = ModelPermissions;
Projects.HostedToolPermissions = HostedToolPermissions;
Projects.Groups = Groups2;
Projects.Roles = Roles3;
Projects.DataRetention = DataRetention2;
Projects.SpendLimit = SpendLimit2;
Projects.SpendAlerts = SpendAlerts2;
Projects.Certificates = Certificates2;
var Roles6 = class extends APIResource {
  create(userID, body, options) {
    return this._client.post(path`/organization/users/${userID}/roles`, {
      body,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  retrieve(roleID, params, options) {
    const { user_id } = params;
    return this._client.get(path`/organization/users/${user_id}/roles/${roleID}`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  list(userID, query = {}, options) {
    return this._client.getAPIList(path`/organization/users/${userID}/roles`, NextCursorPage, {
      query,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  delete(roleID, params, options) {
    const { user_id } = params;
    return this._client.delete(path`/organization/users/${user_id}/roles/${roleID}`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
};
var Users3 = class extends APIResource {
  constructor() {
    super(...arguments), (this.roles = new Roles6(this._client));
  }
  retrieve(userID, options) {
    return this._client.get(path`/organization/users/${userID}`, { ...options, __security: { adminAPIKeyAuth: !0 } });
  }
  update(userID, body, options) {
    return this._client.post(path`/organization/users/${userID}`, {
      body,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  list(query = {}, options) {
    return this._client.getAPIList("/organization/users", ConversationCursorPage, {
      query,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  delete(userID, options) {
    return this._client.delete(path`/organization/users/${userID}`, {
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
};
Users3.Roles = Roles6;
var Organization = class extends APIResource {
  constructor() {
    super(...arguments),
      (this.auditLogs = new AuditLogs(this._client)),
      (this.adminAPIKeys = new AdminAPIKeys(this._client)),
      (this.usage = new Usage(this._client)),
      (this.invites = new Invites(this._client)),
      (this.users = new Users3(this._client)),
      (this.groups = new Groups(this._client)),
      (this.roles = new Roles(this._client)),
      (this.dataRetention = new DataRetention(this._client)),
      (this.spendLimit = new SpendLimit(this._client)),
      (this.spendAlerts = new SpendAlerts(this._client)),
      (this.certificates = new Certificates(this._client)),
      (this.projects = new Projects(this._client));
  }
};
Organization.AuditLogs = AuditLogs;
Organization.AdminAPIKeys = AdminAPIKeys;
Organization.Usage = Usage;
Organization.Invites = Invites;
Organization.Users = Users3;
Organization.Groups = Groups;
Organization.Roles = Roles;
Organization.DataRetention = DataRetention;
Organization.SpendLimit = SpendLimit;
Organization.SpendAlerts = SpendAlerts;
Organization.Certificates = Certificates;
Organization.Projects = Projects;
var Admin = class extends APIResource {
  constructor() {
    super(...arguments), (this.organization = new Organization(this._client));
  }
};
Admin.Organization = Organization;
var Speech = class extends APIResource {
  create(body, options) {
    return this._client.post("/audio/speech", {
      body,
      ...options,
      headers: buildHeaders([{ Accept: "application/octet-stream" }, options?.headers]),
      __security: { bearerAuth: !0 },
      __binaryResponse: !0,
    });
  }
};
var Transcriptions = class extends APIResource {
  create(body, options) {
    return this._client.post(
      "/audio/transcriptions",
      multipartFormRequestOptions(
        {
          body,
          ...options,
          stream: body.stream ?? !1,
          __metadata: { model: body.model },
          __security: { bearerAuth: !0 },
        },
        this._client,
      ),
    );
  }
};
var Translations = class extends APIResource {
  create(body, options) {
    return this._client.post(
      "/audio/translations",
      multipartFormRequestOptions(
        { body, ...options, __metadata: { model: body.model }, __security: { bearerAuth: !0 } },
        this._client,
      ),
    );
  }
};
var Audio = class extends APIResource {
  constructor() {
    super(...arguments),
      (this.transcriptions = new Transcriptions(this._client)),
      (this.translations = new Translations(this._client)),
      (this.speech = new Speech(this._client));
  }
};
Audio.Transcriptions = Transcriptions;
Audio.Translations = Translations;
Audio.Speech = Speech;
var Batches = class extends APIResource {
  create(body, options) {
    return this._client.post("/batches", { body, ...options, __security: { bearerAuth: !0 } });
  }
  retrieve(batchID, options) {
    return this._client.get(path`/batches/${batchID}`, { ...options, __security: { bearerAuth: !0 } });
  }
  list(query = {}, options) {
    return this._client.getAPIList("/batches", CursorPage, { query, ...options, __security: { bearerAuth: !0 } });
  }
  cancel(batchID, options) {
    return this._client.post(path`/batches/${batchID}/cancel`, { ...options, __security: { bearerAuth: !0 } });
  }
};
var Assistants = class extends APIResource {
  create(body, options) {
    return this._client.post("/assistants", {
      body,
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  retrieve(assistantID, options) {
    return this._client.get(path`/assistants/${assistantID}`, {
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  update(assistantID, body, options) {
    return this._client.post(path`/assistants/${assistantID}`, {
      body,
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  list(query = {}, options) {
    return this._client.getAPIList("/assistants", CursorPage, {
      query,
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  delete(assistantID, options) {
    return this._client.delete(path`/assistants/${assistantID}`, {
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
};
var Sessions = class extends APIResource {
  create(body, options) {
    return this._client.post("/realtime/sessions", {
      body,
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
};
var TranscriptionSessions = class extends APIResource {
  create(body, options) {
    return this._client.post("/realtime/transcription_sessions", {
      body,
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
};
var Realtime = class extends APIResource {
  constructor() {
    super(...arguments),
      (this.sessions = new Sessions(this._client)),
      (this.transcriptionSessions = new TranscriptionSessions(this._client));
  }
};
Realtime.Sessions = Sessions;
Realtime.TranscriptionSessions = TranscriptionSessions;
var Sessions2 = class extends APIResource {
  create(body, options) {
    return this._client.post("/chatkit/sessions", {
      body,
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "chatkit_beta=v1" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  cancel(sessionID, options) {
    return this._client.post(path`/chatkit/sessions/${sessionID}/cancel`, {
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "chatkit_beta=v1" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
};
var Threads = class extends APIResource {
  retrieve(threadID, options) {
    return this._client.get(path`/chatkit/threads/${threadID}`, {
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "chatkit_beta=v1" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  list(query = {}, options) {
    return this._client.getAPIList("/chatkit/threads", ConversationCursorPage, {
      query,
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "chatkit_beta=v1" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  delete(threadID, options) {
    return this._client.delete(path`/chatkit/threads/${threadID}`, {
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "chatkit_beta=v1" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  listItems(threadID, query = {}, options) {
    return this._client.getAPIList(path`/chatkit/threads/${threadID}/items`, ConversationCursorPage, {
      query,
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "chatkit_beta=v1" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
};
var ChatKit = class extends APIResource {
  constructor() {
    super(...arguments), (this.sessions = new Sessions2(this._client)), (this.threads = new Threads(this._client));
  }
};
ChatKit.Sessions = Sessions2;
ChatKit.Threads = Threads;
var InputItems = class extends APIResource {
  list(responseID, params = {}, options) {
    const { betas, ...query } = params ?? {};
    return this._client.getAPIList(path`/responses/${responseID}/input_items?beta=true`, CursorPage, {
      query,
      ...options,
      headers: buildHeaders([
        { ...(betas?.toString() != null ? { "openai-beta": betas?.toString() } : void 0) },
        options?.headers,
      ]),
      __security: { bearerAuth: !0 },
    });
  }
};
var InputTokens = class extends APIResource {
  count(params = {}, options) {
    const { betas, ...body } = params ?? {};
    return this._client.post("/responses/input_tokens?beta=true", {
      body,
      ...options,
      headers: buildHeaders([
        { ...(betas?.toString() != null ? { "openai-beta": betas?.toString() } : void 0) },
        options?.headers,
      ]),
      __security: { bearerAuth: !0 },
    });
  }
};
var Responses = class extends APIResource {
  constructor() {
    super(...arguments),
      (this.inputItems = new InputItems(this._client)),
      (this.inputTokens = new InputTokens(this._client));
  }
  create(params, options) {
    const { betas, ...body } = params;
    return this._client.post("/responses?beta=true", {
      body,
      ...options,
      headers: buildHeaders([
        { ...(betas?.toString() != null ? { "openai-beta": betas?.toString() } : void 0) },
        options?.headers,
      ]),
      stream: params.stream ?? !1,
      __security: { bearerAuth: !0 },
    });
  }
  retrieve(responseID, params = {}, options) {
    const { betas, ...query } = params ?? {};
    return this._client.get(path`/responses/${responseID}?beta=true`, {
      query,
      ...options,
      headers: buildHeaders([
        { ...(betas?.toString() != null ? { "openai-beta": betas?.toString() } : void 0) },
        options?.headers,
      ]),
      stream: params?.stream ?? !1,
      __security: { bearerAuth: !0 },
    });
  }
  delete(responseID, params = {}, options) {
    const { betas } = params ?? {};
    return this._client.delete(path`/responses/${responseID}?beta=true`, {
      ...options,
      headers: buildHeaders([
        { Accept: "*/*", ...(betas?.toString() != null ? { "openai-beta": betas?.toString() } : void 0) },
        options?.headers,
      ]),
      __security: { bearerAuth: !0 },
    });
  }
  cancel(responseID, params = {}, options) {
    const { betas } = params ?? {};
    return this._client.post(path`/responses/${responseID}/cancel?beta=true`, {
      ...options,
      headers: buildHeaders([
        { ...(betas?.toString() != null ? { "openai-beta": betas?.toString() } : void 0) },
        options?.headers,
      ]),
      __security: { bearerAuth: !0 },
    });
  }
  compact(params, options) {
    const { betas, ...body } = params;
    return this._client.post("/responses/compact?beta=true", {
      body,
      ...options,
      headers: buildHeaders([
        { ...(betas?.toString() != null ? { "openai-beta": betas?.toString() } : void 0) },
        options?.headers,
      ]),
      __security: { bearerAuth: !0 },
    });
  }
};
Responses.InputItems = InputItems;
Responses.InputTokens = InputTokens;
var Messages2 = class extends APIResource {
  create(threadID, body, options) {
    return this._client.post(path`/threads/${threadID}/messages`, {
      body,
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  retrieve(messageID, params, options) {
    const { thread_id } = params;
    return this._client.get(path`/threads/${thread_id}/messages/${messageID}`, {
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  update(messageID, params, options) {
    const { thread_id, ...body } = params;
    return this._client.post(path`/threads/${thread_id}/messages/${messageID}`, {
      body,
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  list(threadID, query = {}, options) {
    return this._client.getAPIList(path`/threads/${threadID}/messages`, CursorPage, {
      query,
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  delete(messageID, params, options) {
    const { thread_id } = params;
    return this._client.delete(path`/threads/${thread_id}/messages/${messageID}`, {
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
};
var Steps = class extends APIResource {
  retrieve(stepID, params, options) {
    const { thread_id, run_id, ...query } = params;
    return this._client.get(path`/threads/${thread_id}/runs/${run_id}/steps/${stepID}`, {
      query,
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  list(runID, params, options) {
    const { thread_id, ...query } = params;
    return this._client.getAPIList(path`/threads/${thread_id}/runs/${runID}/steps`, CursorPage, {
      query,
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
};
var toFloat32Array = (base64Str) => {
  if (typeof Buffer < "u") {
    const buf = Buffer.from(base64Str, "base64");
    return Array.from(new Float32Array(buf.buffer, buf.byteOffset, buf.length / Float32Array.BYTES_PER_ELEMENT));
  } else {
    const binaryStr = atob(base64Str),
      len = binaryStr.length,
      bytes = new Uint8Array(len);
    for (let i = 0; i < len; i++) bytes[i] = binaryStr.charCodeAt(i);
    return Array.from(new Float32Array(bytes.buffer));
  }
};
var readEnv = (env) => {
  if (typeof globalThis.process < "u") return globalThis.process.env?.[env]?.trim() || void 0;
  if (typeof globalThis.Deno < "u") return globalThis.Deno.env?.get?.(env)?.trim() || void 0;
};
var _AssistantStream_instances,
  _a,
  _AssistantStream_events,
  _AssistantStream_runStepSnapshots,
  _AssistantStream_messageSnapshots,
  _AssistantStream_messageSnapshot,
  _AssistantStream_finalRun,
  _AssistantStream_currentContentIndex,
  _AssistantStream_currentContent,
  _AssistantStream_currentToolCallIndex,
  _AssistantStream_currentToolCall,
  _AssistantStream_currentEvent,
  _AssistantStream_currentRunSnapshot,
  _AssistantStream_currentRunStepSnapshot,
  _AssistantStream_addEvent,
  _AssistantStream_endRequest,
  _AssistantStream_handleMessage,
  _AssistantStream_handleRunStep,
  _AssistantStream_handleEvent,
  _AssistantStream_accumulateRunStep,
  _AssistantStream_accumulateMessage,
  _AssistantStream_accumulateContent,
  _AssistantStream_handleRun,
  AssistantStream = class extends EventStream {
    constructor() {
      super(...arguments),
        _AssistantStream_instances.add(this),
        _AssistantStream_events.set(this, []),
        _AssistantStream_runStepSnapshots.set(this, {}),
        _AssistantStream_messageSnapshots.set(this, {}),
        _AssistantStream_messageSnapshot.set(this, void 0),
        _AssistantStream_finalRun.set(this, void 0),
        _AssistantStream_currentContentIndex.set(this, void 0),
        _AssistantStream_currentContent.set(this, void 0),
        _AssistantStream_currentToolCallIndex.set(this, void 0),
        _AssistantStream_currentToolCall.set(this, void 0),
        _AssistantStream_currentEvent.set(this, void 0),
        _AssistantStream_currentRunSnapshot.set(this, void 0),
        _AssistantStream_currentRunStepSnapshot.set(this, void 0);
    }
    [((_AssistantStream_events = new WeakMap()),
    (_AssistantStream_runStepSnapshots = new WeakMap()),
    (_AssistantStream_messageSnapshots = new WeakMap()),
    (_AssistantStream_messageSnapshot = new WeakMap()),
    (_AssistantStream_finalRun = new WeakMap()),
    (_AssistantStream_currentContentIndex = new WeakMap()),
    (_AssistantStream_currentContent = new WeakMap()),
    (_AssistantStream_currentToolCallIndex = new WeakMap()),
    (_AssistantStream_currentToolCall = new WeakMap()),
    (_AssistantStream_currentEvent = new WeakMap()),
    (_AssistantStream_currentRunSnapshot = new WeakMap()),
    (_AssistantStream_currentRunStepSnapshot = new WeakMap()),
    (_AssistantStream_instances = new WeakSet()),
    Symbol.asyncIterator)]() {
      let pushQueue = [],
        readQueue = [],
        done = !1;
      return (
        this.on("event", (event) => {
          const eventCopy = structuredClone(event),
            reader = readQueue.shift();
          reader ? reader.resolve(eventCopy) : pushQueue.push(eventCopy);
        }),
        this.on("end", () => {
          done = !0;
          for (const reader of readQueue) reader.resolve(void 0);
          readQueue.length = 0;
        }),
        this.on("abort", (err) => {
          done = !0;
          for (const reader of readQueue) reader.reject(err);
          readQueue.length = 0;
        }),
        this.on("error", (err) => {
          done = !0;
          for (const reader of readQueue) reader.reject(err);
          readQueue.length = 0;
        }),
        {
          next: async () =>
            pushQueue.length
              ? { value: pushQueue.shift(), done: !1 }
              : done
                ? { value: void 0, done: !0 }
                : new Promise((resolve, reject) => readQueue.push({ resolve, reject })).then((chunk2) =>
                    chunk2 ? { value: chunk2, done: !1 } : { value: void 0, done: !0 },
                  ),
          return: async () => (this.abort(), { value: void 0, done: !0 }),
        }
      );
    }
    static fromReadableStream(stream) {
      const runner = new _a();
      return runner._run(() => runner._fromReadableStream(stream)), runner;
    }
    async _fromReadableStream(readableStream, options) {
      this._listenForAbort(options?.signal), this._connected();
      const stream = Stream.fromReadableStream(readableStream, this.controller);
      for await (const event of stream)
        __classPrivateFieldGet(this, _AssistantStream_instances, "m", _AssistantStream_addEvent).call(this, event);
      if (stream.controller.signal?.aborted) throw new APIUserAbortError();
      return this._addRun(
        __classPrivateFieldGet(this, _AssistantStream_instances, "m", _AssistantStream_endRequest).call(this),
      );
    }
    toReadableStream() {
      return new Stream(this[Symbol.asyncIterator].bind(this), this.controller).toReadableStream();
    }
    static createToolAssistantStream(runId, runs, params, options) {
      const runner = new _a();
      return (
        runner._run(() =>
          runner._runToolAssistantStream(runId, runs, params, {
            ...options,
            headers: { ...options?.headers, "X-Stainless-Helper-Method": "stream" },
          }),
        ),
        runner
      );
    }
    async _createToolAssistantStream(run, runId, params, options) {
      this._listenForAbort(options?.signal);
      const body = { ...params, stream: !0 },
        stream = await run.submitToolOutputs(runId, body, { ...options, signal: this.controller.signal });
      this._connected();
      for await (const event of stream)
        __classPrivateFieldGet(this, _AssistantStream_instances, "m", _AssistantStream_addEvent).call(this, event);
      if (stream.controller.signal?.aborted) throw new APIUserAbortError();
      return this._addRun(
        __classPrivateFieldGet(this, _AssistantStream_instances, "m", _AssistantStream_endRequest).call(this),
      );
    }
    static createThreadAssistantStream(params, thread, options) {
      const runner = new _a();
      return (
        runner._run(() =>
          runner._threadAssistantStream(params, thread, {
            ...options,
            headers: { ...options?.headers, "X-Stainless-Helper-Method": "stream" },
          }),
        ),
        runner
      );
    }
    static createAssistantStream(threadId, runs, params, options) {
      const runner = new _a();
      return (
        runner._run(() =>
          runner._runAssistantStream(threadId, runs, params, {
            ...options,
            headers: { ...options?.headers, "X-Stainless-Helper-Method": "stream" },
          }),
        ),
        runner
      );
    }
    currentEvent() {
      return __classPrivateFieldGet(this, _AssistantStream_currentEvent, "f");
    }
    currentRun() {
      return __classPrivateFieldGet(this, _AssistantStream_currentRunSnapshot, "f");
    }
    currentMessageSnapshot() {
      return __classPrivateFieldGet(this, _AssistantStream_messageSnapshot, "f");
    }
    currentRunStepSnapshot() {
      return __classPrivateFieldGet(this, _AssistantStream_currentRunStepSnapshot, "f");
    }
    async finalRunSteps() {
      return await this.done(), Object.values(__classPrivateFieldGet(this, _AssistantStream_runStepSnapshots, "f"));
    }
    async finalMessages() {
      return await this.done(), Object.values(__classPrivateFieldGet(this, _AssistantStream_messageSnapshots, "f"));
    }
    async finalRun() {
      if ((await this.done(), !__classPrivateFieldGet(this, _AssistantStream_finalRun, "f")))
        throw Error("Final run was not received.");
      return __classPrivateFieldGet(this, _AssistantStream_finalRun, "f");
    }
    async _createThreadAssistantStream(thread, params, options) {
      this._listenForAbort(options?.signal);
      const body = { ...params, stream: !0 },
        stream = await thread.createAndRun(body, { ...options, signal: this.controller.signal });
      this._connected();
      for await (const event of stream)
        __classPrivateFieldGet(this, _AssistantStream_instances, "m", _AssistantStream_addEvent).call(this, event);
      if (stream.controller.signal?.aborted) throw new APIUserAbortError();
      return this._addRun(
        __classPrivateFieldGet(this, _AssistantStream_instances, "m", _AssistantStream_endRequest).call(this),
      );
    }
    async _createAssistantStream(run, threadId, params, options) {
      this._listenForAbort(options?.signal);
      const body = { ...params, stream: !0 },
        stream = await run.create(threadId, body, { ...options, signal: this.controller.signal });
      this._connected();
      for await (const event of stream)
        __classPrivateFieldGet(this, _AssistantStream_instances, "m", _AssistantStream_addEvent).call(this, event);
      if (stream.controller.signal?.aborted) throw new APIUserAbortError();
      return this._addRun(
        __classPrivateFieldGet(this, _AssistantStream_instances, "m", _AssistantStream_endRequest).call(this),
      );
    }
    static accumulateDelta(acc, delta) {
      for (const [key, deltaValue] of Object.entries(delta)) {
        if (!Object.hasOwn(acc, key)) {
          acc[key] = deltaValue;
          continue;
        }
        let accValue = acc[key];
        if (accValue == null) {
          acc[key] = deltaValue;
          continue;
        }
        if (key === "index" || key === "type") {
          acc[key] = deltaValue;
          continue;
        }
        if (typeof accValue == "string" && typeof deltaValue == "string") accValue += deltaValue;
        else if (typeof accValue == "number" && typeof deltaValue == "number") accValue += deltaValue;
        else if (isObj(accValue) && isObj(deltaValue)) accValue = this.accumulateDelta(accValue, deltaValue);
        else if (Array.isArray(accValue) && Array.isArray(deltaValue)) {
          if (accValue.every((x) => typeof x == "string" || typeof x == "number")) {
            accValue.push(...deltaValue);
            continue;
          }
          for (const deltaEntry of deltaValue) {
            if (!isObj(deltaEntry))
              throw new Error(`Expected array delta entry to be an object but got: ${deltaEntry}`);
            const index = deltaEntry.index;
            if (index == null)
              throw (console.error(deltaEntry), new Error("Expected array delta entry to have an `index` property"));
            if (typeof index != "number")
              throw new Error(`Expected array delta entry \`index\` property to be a number but got ${index}`);
            const accEntry = accValue[index];
            accEntry == null
              ? (accValue[index] = deltaEntry)
              : (accValue[index] = this.accumulateDelta(accEntry, deltaEntry));
          }
          continue;
        } else throw Error(`Unhandled record type: ${key}, deltaValue: ${deltaValue}, accValue: ${accValue}`);
        acc[key] = accValue;
      }
      return acc;
    }
    _addRun(run) {
      return run;
    }
    async _threadAssistantStream(params, thread, options) {
      return await this._createThreadAssistantStream(thread, params, options);
    }
    async _runAssistantStream(threadId, runs, params, options) {
      return await this._createAssistantStream(runs, threadId, params, options);
    }
    async _runToolAssistantStream(runId, runs, params, options) {
      return await this._createToolAssistantStream(runs, runId, params, options);
    }
  };
(_a = AssistantStream),
  (_AssistantStream_addEvent = function (event) {
    if (!this.ended)
      switch (
        (__classPrivateFieldSet(this, _AssistantStream_currentEvent, event, "f"),
        __classPrivateFieldGet(this, _AssistantStream_instances, "m", _AssistantStream_handleEvent).call(this, event),
        event.event)
      ) {
        case "thread.created":
          break;
        case "thread.run.created":
        case "thread.run.queued":
        case "thread.run.in_progress":
        case "thread.run.requires_action":
        case "thread.run.completed":
        case "thread.run.incomplete":
        case "thread.run.failed":
        case "thread.run.cancelling":
        case "thread.run.cancelled":
        case "thread.run.expired":
          __classPrivateFieldGet(this, _AssistantStream_instances, "m", _AssistantStream_handleRun).call(this, event);
          break;
        case "thread.run.step.created":
        case "thread.run.step.in_progress":
        case "thread.run.step.delta":
        case "thread.run.step.completed":
        case "thread.run.step.failed":
        case "thread.run.step.cancelled":
        case "thread.run.step.expired":
          __classPrivateFieldGet(this, _AssistantStream_instances, "m", _AssistantStream_handleRunStep).call(
            this,
            event,
          );
          break;
        case "thread.message.created":
        case "thread.message.in_progress":
        case "thread.message.delta":
        case "thread.message.completed":
        case "thread.message.incomplete":
          __classPrivateFieldGet(this, _AssistantStream_instances, "m", _AssistantStream_handleMessage).call(
            this,
            event,
          );
          break;
        case "error":
          throw new Error("Encountered an error event in event processing - errors should be processed earlier");
        default:
      }
  }),
  (_AssistantStream_endRequest = function () {
    if (this.ended) throw new OpenAIError("stream has ended, this shouldn't happen");
    if (!__classPrivateFieldGet(this, _AssistantStream_finalRun, "f")) throw Error("Final run has not been received");
    return __classPrivateFieldGet(this, _AssistantStream_finalRun, "f");
  }),
  (_AssistantStream_handleMessage = function (event) {
    const [accumulatedMessage, newContent] = __classPrivateFieldGet(
      this,
      _AssistantStream_instances,
      "m",
      _AssistantStream_accumulateMessage,
    ).call(this, event, __classPrivateFieldGet(this, _AssistantStream_messageSnapshot, "f"));
    __classPrivateFieldSet(this, _AssistantStream_messageSnapshot, accumulatedMessage, "f"),
      (__classPrivateFieldGet(this, _AssistantStream_messageSnapshots, "f")[accumulatedMessage.id] =
        accumulatedMessage);
    for (const content of newContent) {
      const snapshotContent = accumulatedMessage.content[content.index];
      snapshotContent?.type == "text" && this._emit("textCreated", snapshotContent.text);
    }
    switch (event.event) {
      case "thread.message.created":
        this._emit("messageCreated", event.data);
        break;
      case "thread.message.in_progress":
        break;
      case "thread.message.delta":
        if ((this._emit("messageDelta", event.data.delta, accumulatedMessage), event.data.delta.content))
          for (const content of event.data.delta.content) {
            if (content.type == "text" && content.text) {
              const textDelta = content.text,
                snapshot = accumulatedMessage.content[content.index];
              if (snapshot && snapshot.type == "text") this._emit("textDelta", textDelta, snapshot.text);
              else throw Error("The snapshot associated with this text delta is not text or missing");
            }
            if (content.index != __classPrivateFieldGet(this, _AssistantStream_currentContentIndex, "f")) {
              if (__classPrivateFieldGet(this, _AssistantStream_currentContent, "f"))
                switch (__classPrivateFieldGet(this, _AssistantStream_currentContent, "f").type) {
                  case "text":
                    this._emit(
                      "textDone",
                      __classPrivateFieldGet(this, _AssistantStream_currentContent, "f").text,
                      __classPrivateFieldGet(this, _AssistantStream_messageSnapshot, "f"),
                    );
                    break;
                  case "image_file":
                    this._emit(
                      "imageFileDone",
                      __classPrivateFieldGet(this, _AssistantStream_currentContent, "f").image_file,
                      __classPrivateFieldGet(this, _AssistantStream_messageSnapshot, "f"),
                    );
                    break;
                }
              __classPrivateFieldSet(this, _AssistantStream_currentContentIndex, content.index, "f");
            }
            __classPrivateFieldSet(
              this,
              _AssistantStream_currentContent,
              accumulatedMessage.content[content.index],
              "f",
            );
          }
        break;
      case "thread.message.completed":
      case "thread.message.incomplete":
        if (__classPrivateFieldGet(this, _AssistantStream_currentContentIndex, "f") !== void 0) {
          const currentContent =
            event.data.content[__classPrivateFieldGet(this, _AssistantStream_currentContentIndex, "f")];
          if (currentContent)
            switch (currentContent.type) {
              case "image_file":
                this._emit(
                  "imageFileDone",
                  currentContent.image_file,
                  __classPrivateFieldGet(this, _AssistantStream_messageSnapshot, "f"),
                );
                break;
              case "text":
                this._emit(
                  "textDone",
                  currentContent.text,
                  __classPrivateFieldGet(this, _AssistantStream_messageSnapshot, "f"),
                );
                break;
            }
        }
        __classPrivateFieldGet(this, _AssistantStream_messageSnapshot, "f") && this._emit("messageDone", event.data),
          __classPrivateFieldSet(this, _AssistantStream_messageSnapshot, void 0, "f");
    }
  }),
  (_AssistantStream_handleRunStep = function (event) {
    const accumulatedRunStep = __classPrivateFieldGet(
      this,
      _AssistantStream_instances,
      "m",
      _AssistantStream_accumulateRunStep,
    ).call(this, event);
    switch (
      (__classPrivateFieldSet(this, _AssistantStream_currentRunStepSnapshot, accumulatedRunStep, "f"), event.event)
    ) {
      case "thread.run.step.created":
        this._emit("runStepCreated", event.data);
        break;
      case "thread.run.step.delta": {
        const delta = event.data.delta;
        if (
          delta.step_details &&
          delta.step_details.type == "tool_calls" &&
          delta.step_details.tool_calls &&
          accumulatedRunStep.step_details.type == "tool_calls"
        )
          for (const toolCall of delta.step_details.tool_calls)
            toolCall.index == __classPrivateFieldGet(this, _AssistantStream_currentToolCallIndex, "f")
              ? this._emit("toolCallDelta", toolCall, accumulatedRunStep.step_details.tool_calls[toolCall.index])
              : (__classPrivateFieldGet(this, _AssistantStream_currentToolCall, "f") &&
                  this._emit("toolCallDone", __classPrivateFieldGet(this, _AssistantStream_currentToolCall, "f")),
                __classPrivateFieldSet(this, _AssistantStream_currentToolCallIndex, toolCall.index, "f"),
                __classPrivateFieldSet(
                  this,
                  _AssistantStream_currentToolCall,
                  accumulatedRunStep.step_details.tool_calls[toolCall.index],
                  "f",
                ),
                __classPrivateFieldGet(this, _AssistantStream_currentToolCall, "f") &&
                  this._emit("toolCallCreated", __classPrivateFieldGet(this, _AssistantStream_currentToolCall, "f")));
        this._emit("runStepDelta", event.data.delta, accumulatedRunStep);
        break;
      }
      case "thread.run.step.completed":
      case "thread.run.step.failed":
      case "thread.run.step.cancelled":
      case "thread.run.step.expired":
        __classPrivateFieldSet(this, _AssistantStream_currentRunStepSnapshot, void 0, "f"),
          event.data.step_details.type == "tool_calls" &&
            __classPrivateFieldGet(this, _AssistantStream_currentToolCall, "f") &&
            (this._emit("toolCallDone", __classPrivateFieldGet(this, _AssistantStream_currentToolCall, "f")),
            __classPrivateFieldSet(this, _AssistantStream_currentToolCall, void 0, "f")),
          this._emit("runStepDone", event.data, accumulatedRunStep);
        break;
      case "thread.run.step.in_progress":
        break;
    }
  }),
  (_AssistantStream_handleEvent = function (event) {
    __classPrivateFieldGet(this, _AssistantStream_events, "f").push(event), this._emit("event", event);
  }),
  (_AssistantStream_accumulateRunStep = function (event) {
    switch (event.event) {
      case "thread.run.step.created":
        return (
          (__classPrivateFieldGet(this, _AssistantStream_runStepSnapshots, "f")[event.data.id] = event.data), event.data
        );
      case "thread.run.step.delta": {
        const snapshot = __classPrivateFieldGet(this, _AssistantStream_runStepSnapshots, "f")[event.data.id];
        if (!snapshot) throw Error("Received a RunStepDelta before creation of a snapshot");
        const data = event.data;
        if (data.delta) {
          const accumulated = _a.accumulateDelta(snapshot, data.delta);
          __classPrivateFieldGet(this, _AssistantStream_runStepSnapshots, "f")[event.data.id] = accumulated;
        }
        return __classPrivateFieldGet(this, _AssistantStream_runStepSnapshots, "f")[event.data.id];
      }
      case "thread.run.step.completed":
      case "thread.run.step.failed":
      case "thread.run.step.cancelled":
      case "thread.run.step.expired":
      case "thread.run.step.in_progress":
        __classPrivateFieldGet(this, _AssistantStream_runStepSnapshots, "f")[event.data.id] = event.data;
        break;
    }
    if (__classPrivateFieldGet(this, _AssistantStream_runStepSnapshots, "f")[event.data.id])
      return __classPrivateFieldGet(this, _AssistantStream_runStepSnapshots, "f")[event.data.id];
    throw new Error("No snapshot available");
  }),
  (_AssistantStream_accumulateMessage = function (event, snapshot) {
    const newContent = [];
    switch (event.event) {
      case "thread.message.created":
        return [event.data, newContent];
      case "thread.message.delta": {
        if (!snapshot)
          throw Error("Received a delta with no existing snapshot (there should be one from message creation)");
        const data = event.data;
        if (data.delta.content)
          for (const contentElement of data.delta.content)
            if (contentElement.index in snapshot.content) {
              const currentContent = snapshot.content[contentElement.index];
              snapshot.content[contentElement.index] = __classPrivateFieldGet(
                this,
                _AssistantStream_instances,
                "m",
                _AssistantStream_accumulateContent,
              ).call(this, contentElement, currentContent);
            } else (snapshot.content[contentElement.index] = contentElement), newContent.push(contentElement);
        return [snapshot, newContent];
      }
      case "thread.message.in_progress":
      case "thread.message.completed":
      case "thread.message.incomplete":
        if (snapshot) return [snapshot, newContent];
        throw Error("Received thread message event with no existing snapshot");
    }
    throw Error("Tried to accumulate a non-message event");
  }),
  (_AssistantStream_accumulateContent = (contentElement, currentContent) =>
    _a.accumulateDelta(currentContent, contentElement)),
  (_AssistantStream_handleRun = function (event) {
    switch ((__classPrivateFieldSet(this, _AssistantStream_currentRunSnapshot, event.data, "f"), event.event)) {
      case "thread.run.created":
        break;
      case "thread.run.queued":
        break;
      case "thread.run.in_progress":
        break;
      case "thread.run.requires_action":
      case "thread.run.cancelled":
      case "thread.run.failed":
      case "thread.run.completed":
      case "thread.run.expired":
      case "thread.run.incomplete":
        __classPrivateFieldSet(this, _AssistantStream_finalRun, event.data, "f"),
          __classPrivateFieldGet(this, _AssistantStream_currentToolCall, "f") &&
            (this._emit("toolCallDone", __classPrivateFieldGet(this, _AssistantStream_currentToolCall, "f")),
            __classPrivateFieldSet(this, _AssistantStream_currentToolCall, void 0, "f"));
        break;
      case "thread.run.cancelling":
        break;
    }
  });
var Runs = class extends APIResource {
  constructor() {
    super(...arguments), (this.steps = new Steps(this._client));
  }
  create(threadID, params, options) {
    const { include, ...body } = params;
    return this._client.post(path`/threads/${threadID}/runs`, {
      query: { include },
      body,
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      stream: params.stream ?? !1,
      __synthesizeEventData: !0,
      __security: { bearerAuth: !0 },
    });
  }
  retrieve(runID, params, options) {
    const { thread_id } = params;
    return this._client.get(path`/threads/${thread_id}/runs/${runID}`, {
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  update(runID, params, options) {
    const { thread_id, ...body } = params;
    return this._client.post(path`/threads/${thread_id}/runs/${runID}`, {
      body,
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  list(threadID, query = {}, options) {
    return this._client.getAPIList(path`/threads/${threadID}/runs`, CursorPage, {
      query,
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  cancel(runID, params, options) {
    const { thread_id } = params;
    return this._client.post(path`/threads/${thread_id}/runs/${runID}/cancel`, {
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  async createAndPoll(threadId, body, options) {
    const run = await this.create(threadId, body, options);
    return await this.poll(run.id, { thread_id: threadId }, options);
  }
  createAndStream(threadId, body, options) {
    return AssistantStream.createAssistantStream(threadId, this._client.beta.threads.runs, body, options);
  }
  async poll(runId, params, options) {
    const headers = buildHeaders([
      options?.headers,
      {
        "X-Stainless-Poll-Helper": "true",
        "X-Stainless-Custom-Poll-Interval": options?.pollIntervalMs?.toString() ?? void 0,
      },
    ]);
    for (;;) {
      const { data: run, response } = await this.retrieve(runId, params, {
        ...options,
        headers: { ...options?.headers, ...headers },
      }).withResponse();
      switch (run.status) {
        case "queued":
        case "in_progress":
        case "cancelling": {
          let sleepInterval = 5e3;
          if (options?.pollIntervalMs) sleepInterval = options.pollIntervalMs;
          else {
            const headerInterval = response.headers.get("openai-poll-after-ms");
            if (headerInterval) {
              const headerIntervalMs = parseInt(headerInterval);
              isNaN(headerIntervalMs) || (sleepInterval = headerIntervalMs);
            }
          }
          await sleep(sleepInterval);
          break;
        }
        case "requires_action":
        case "incomplete":
        case "cancelled":
        case "completed":
        case "failed":
        case "expired":
          return run;
      }
    }
  }
  stream(threadId, body, options) {
    return AssistantStream.createAssistantStream(threadId, this._client.beta.threads.runs, body, options);
  }
  submitToolOutputs(runID, params, options) {
    const { thread_id, ...body } = params;
    return this._client.post(path`/threads/${thread_id}/runs/${runID}/submit_tool_outputs`, {
      body,
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      stream: params.stream ?? !1,
      __synthesizeEventData: !0,
      __security: { bearerAuth: !0 },
    });
  }
  async submitToolOutputsAndPoll(runId, params, options) {
    const run = await this.submitToolOutputs(runId, params, options);
    return await this.poll(run.id, params, options);
  }
  submitToolOutputsStream(runId, params, options) {
    return AssistantStream.createToolAssistantStream(runId, this._client.beta.threads.runs, params, options);
  }
};
Runs.Steps = Steps;
var Threads2 = class extends APIResource {
  constructor() {
    super(...arguments), (this.runs = new Runs(this._client)), (this.messages = new Messages2(this._client));
  }
  create(body = {}, options) {
    return this._client.post("/threads", {
      body,
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  retrieve(threadID, options) {
    return this._client.get(path`/threads/${threadID}`, {
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  update(threadID, body, options) {
    return this._client.post(path`/threads/${threadID}`, {
      body,
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  delete(threadID, options) {
    return this._client.delete(path`/threads/${threadID}`, {
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  createAndRun(body, options) {
    return this._client.post("/threads/runs", {
      body,
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      stream: body.stream ?? !1,
      __synthesizeEventData: !0,
      __security: { bearerAuth: !0 },
    });
  }
  async createAndRunPoll(body, options) {
    const run = await this.createAndRun(body, options);
    return await this.runs.poll(run.id, { thread_id: run.thread_id }, options);
  }
  createAndRunStream(body, options) {
    return AssistantStream.createThreadAssistantStream(body, this._client.beta.threads, options);
  }
};
Threads2.Runs = Runs;
Threads2.Messages = Messages2;
var Beta = class extends APIResource {
  constructor() {
    super(...arguments),
      (this.realtime = new Realtime(this._client)),
      (this.responses = new Responses(this._client)),
      (this.chatkit = new ChatKit(this._client)),
      (this.assistants = new Assistants(this._client)),
      (this.threads = new Threads2(this._client));
  }
};
Beta.Realtime = Realtime;
Beta.Responses = Responses;
Beta.ChatKit = ChatKit;
Beta.Assistants = Assistants;
Beta.Threads = Threads2;
var Completions2 = class extends APIResource {
  create(body, options) {
    return this._client.post("/completions", {
      body,
      ...options,
      stream: body.stream ?? !1,
      __security: { bearerAuth: !0 },
    });
  }
};
var Content = class extends APIResource {
  retrieve(fileID, params, options) {
    const { container_id } = params;
    return this._client.get(path`/containers/${container_id}/files/${fileID}/content`, {
      ...options,
      headers: buildHeaders([{ Accept: "application/binary" }, options?.headers]),
      __security: { bearerAuth: !0 },
      __binaryResponse: !0,
    });
  }
};
var Files = class extends APIResource {
  constructor() {
    super(...arguments), (this.content = new Content(this._client));
  }
  create(containerID, body, options) {
    return this._client.post(
      path`/containers/${containerID}/files`,
      maybeMultipartFormRequestOptions({ body, ...options, __security: { bearerAuth: !0 } }, this._client),
    );
  }
  retrieve(fileID, params, options) {
    const { container_id } = params;
    return this._client.get(path`/containers/${container_id}/files/${fileID}`, {
      ...options,
      __security: { bearerAuth: !0 },
    });
  }
  list(containerID, query = {}, options) {
    return this._client.getAPIList(path`/containers/${containerID}/files`, CursorPage, {
      query,
      ...options,
      __security: { bearerAuth: !0 },
    });
  }
  delete(fileID, params, options) {
    const { container_id } = params;
    return this._client.delete(path`/containers/${container_id}/files/${fileID}`, {
      ...options,
      headers: buildHeaders([{ Accept: "*/*" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
};
Files.Content = Content;
var Containers = class extends APIResource {
  constructor() {
    super(...arguments), (this.files = new Files(this._client));
  }
  create(body, options) {
    return this._client.post("/containers", { body, ...options, __security: { bearerAuth: !0 } });
  }
  retrieve(containerID, options) {
    return this._client.get(path`/containers/${containerID}`, { ...options, __security: { bearerAuth: !0 } });
  }
  list(query = {}, options) {
    return this._client.getAPIList("/containers", CursorPage, { query, ...options, __security: { bearerAuth: !0 } });
  }
  delete(containerID, options) {
    return this._client.delete(path`/containers/${containerID}`, {
      ...options,
      headers: buildHeaders([{ Accept: "*/*" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
};
Containers.Files = Files;
var Items = class extends APIResource {
  create(conversationID, params, options) {
    const { include, ...body } = params;
    return this._client.post(path`/conversations/${conversationID}/items`, {
      query: { include },
      body,
      ...options,
      __security: { bearerAuth: !0 },
    });
  }
  retrieve(itemID, params, options) {
    const { conversation_id, ...query } = params;
    return this._client.get(path`/conversations/${conversation_id}/items/${itemID}`, {
      query,
      ...options,
      __security: { bearerAuth: !0 },
    });
  }
  list(conversationID, query = {}, options) {
    return this._client.getAPIList(path`/conversations/${conversationID}/items`, ConversationCursorPage, {
      query,
      ...options,
      __security: { bearerAuth: !0 },
    });
  }
  delete(itemID, params, options) {
    const { conversation_id } = params;
    return this._client.delete(path`/conversations/${conversation_id}/items/${itemID}`, {
      ...options,
      __security: { bearerAuth: !0 },
    });
  }
};
var Conversations = class extends APIResource {
  constructor() {
    super(...arguments), (this.items = new Items(this._client));
  }
  create(body = {}, options) {
    return this._client.post("/conversations", { body, ...options, __security: { bearerAuth: !0 } });
  }
  retrieve(conversationID, options) {
    return this._client.get(path`/conversations/${conversationID}`, { ...options, __security: { bearerAuth: !0 } });
  }
  update(conversationID, body, options) {
    return this._client.post(path`/conversations/${conversationID}`, {
      body,
      ...options,
      __security: { bearerAuth: !0 },
    });
  }
  delete(conversationID, options) {
    return this._client.delete(path`/conversations/${conversationID}`, { ...options, __security: { bearerAuth: !0 } });
  }
};
Conversations.Items = Items;
var Embeddings = class extends APIResource {
  create(body, options) {
    const hasUserProvidedEncodingFormat = !!body.encoding_format,
      encoding_format = hasUserProvidedEncodingFormat ? body.encoding_format : "base64";
    hasUserProvidedEncodingFormat &&
      loggerFor(this._client).debug("embeddings/user defined encoding_format:", body.encoding_format);
    const response = this._client.post("/embeddings", {
      body: { ...body, encoding_format },
      ...options,
      __security: { bearerAuth: !0 },
    });
    return hasUserProvidedEncodingFormat
      ? response
      : (loggerFor(this._client).debug("embeddings/decoding base64 embeddings from base64"),
        response._thenUnwrap(
          (response2) => (
            response2 &&
              response2.data &&
              response2.data.forEach((embeddingBase64Obj) => {
                const embeddingBase64Str = embeddingBase64Obj.embedding;
                embeddingBase64Obj.embedding = toFloat32Array(embeddingBase64Str);
              }),
            response2
          ),
        ));
  }
};
var OutputItems = class extends APIResource {
  retrieve(outputItemID, params, options) {
    const { eval_id, run_id } = params;
    return this._client.get(path`/evals/${eval_id}/runs/${run_id}/output_items/${outputItemID}`, {
      ...options,
      __security: { bearerAuth: !0 },
    });
  }
  list(runID, params, options) {
    const { eval_id, ...query } = params;
    return this._client.getAPIList(path`/evals/${eval_id}/runs/${runID}/output_items`, CursorPage, {
      query,
      ...options,
      __security: { bearerAuth: !0 },
    });
  }
};
var Runs2 = class extends APIResource {
  constructor() {
    super(...arguments), (this.outputItems = new OutputItems(this._client));
  }
  create(evalID, body, options) {
    return this._client.post(path`/evals/${evalID}/runs`, { body, ...options, __security: { bearerAuth: !0 } });
  }
  retrieve(runID, params, options) {
    const { eval_id } = params;
    return this._client.get(path`/evals/${eval_id}/runs/${runID}`, { ...options, __security: { bearerAuth: !0 } });
  }
  list(evalID, query = {}, options) {
    return this._client.getAPIList(path`/evals/${evalID}/runs`, CursorPage, {
      query,
      ...options,
      __security: { bearerAuth: !0 },
    });
  }
  delete(runID, params, options) {
    const { eval_id } = params;
    return this._client.delete(path`/evals/${eval_id}/runs/${runID}`, { ...options, __security: { bearerAuth: !0 } });
  }
  cancel(runID, params, options) {
    const { eval_id } = params;
    return this._client.post(path`/evals/${eval_id}/runs/${runID}`, { ...options, __security: { bearerAuth: !0 } });
  }
};
Runs2.OutputItems = OutputItems;
var Evals = class extends APIResource {
  constructor() {
    super(...arguments), (this.runs = new Runs2(this._client));
  }
  create(body, options) {
    return this._client.post("/evals", { body, ...options, __security: { bearerAuth: !0 } });
  }
  retrieve(evalID, options) {
    return this._client.get(path`/evals/${evalID}`, { ...options, __security: { bearerAuth: !0 } });
  }
  update(evalID, body, options) {
    return this._client.post(path`/evals/${evalID}`, { body, ...options, __security: { bearerAuth: !0 } });
  }
  list(query = {}, options) {
    return this._client.getAPIList("/evals", CursorPage, { query, ...options, __security: { bearerAuth: !0 } });
  }
  delete(evalID, options) {
    return this._client.delete(path`/evals/${evalID}`, { ...options, __security: { bearerAuth: !0 } });
  }
};
Evals.Runs = Runs2;
var Files2 = class extends APIResource {
  create(body, options) {
    return this._client.post(
      "/files",
      multipartFormRequestOptions({ body, ...options, __security: { bearerAuth: !0 } }, this._client),
    );
  }
  retrieve(fileID, options) {
    return this._client.get(path`/files/${fileID}`, { ...options, __security: { bearerAuth: !0 } });
  }
  list(query = {}, options) {
    return this._client.getAPIList("/files", CursorPage, { query, ...options, __security: { bearerAuth: !0 } });
  }
  delete(fileID, options) {
    return this._client.delete(path`/files/${fileID}`, { ...options, __security: { bearerAuth: !0 } });
  }
  content(fileID, options) {
    return this._client.get(path`/files/${fileID}/content`, {
      ...options,
      headers: buildHeaders([{ Accept: "application/binary" }, options?.headers]),
      __security: { bearerAuth: !0 },
      __binaryResponse: !0,
    });
  }
  async waitForProcessing(id, { pollInterval = 5e3, maxWait = 1800 * 1e3 } = {}) {
    let TERMINAL_STATES = new Set(["processed", "error", "deleted"]),
      start = Date.now(),
      file = await this.retrieve(id);
    for (; !file.status || !TERMINAL_STATES.has(file.status); )
      if ((await sleep(pollInterval), (file = await this.retrieve(id)), Date.now() - start > maxWait))
        throw new APIConnectionTimeoutError({
          message: `Giving up on waiting for file ${id} to finish processing after ${maxWait} milliseconds.`,
        });
    return file;
  }
};
var Methods = class extends APIResource {};
var Graders = class extends APIResource {
  run(body, options) {
    return this._client.post("/fine_tuning/alpha/graders/run", { body, ...options, __security: { bearerAuth: !0 } });
  }
  validate(body, options) {
    return this._client.post("/fine_tuning/alpha/graders/validate", {
      body,
      ...options,
      __security: { bearerAuth: !0 },
    });
  }
};
var Alpha = class extends APIResource {
  constructor() {
    super(...arguments), (this.graders = new Graders(this._client));
  }
};
Alpha.Graders = Graders;
var Permissions = class extends APIResource {
  create(fineTunedModelCheckpoint, body, options) {
    return this._client.getAPIList(path`/fine_tuning/checkpoints/${fineTunedModelCheckpoint}/permissions`, Page, {
      body,
      method: "post",
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  retrieve(fineTunedModelCheckpoint, query = {}, options) {
    return this._client.get(path`/fine_tuning/checkpoints/${fineTunedModelCheckpoint}/permissions`, {
      query,
      ...options,
      __security: { adminAPIKeyAuth: !0 },
    });
  }
  list(fineTunedModelCheckpoint, query = {}, options) {
    return this._client.getAPIList(
      path`/fine_tuning/checkpoints/${fineTunedModelCheckpoint}/permissions`,
      ConversationCursorPage,
      { query, ...options, __security: { adminAPIKeyAuth: !0 } },
    );
  }
  delete(permissionID, params, options) {
    const { fine_tuned_model_checkpoint } = params;
    return this._client.delete(
      path`/fine_tuning/checkpoints/${fine_tuned_model_checkpoint}/permissions/${permissionID}`,
      { ...options, __security: { adminAPIKeyAuth: !0 } },
    );
  }
};
var Checkpoints = class extends APIResource {
  constructor() {
    super(...arguments), (this.permissions = new Permissions(this._client));
  }
};
Checkpoints.Permissions = Permissions;
var Checkpoints2 = class extends APIResource {
  list(fineTuningJobID, query = {}, options) {
    return this._client.getAPIList(path`/fine_tuning/jobs/${fineTuningJobID}/checkpoints`, CursorPage, {
      query,
      ...options,
      __security: { bearerAuth: !0 },
    });
  }
};
var Jobs = class extends APIResource {
  constructor() {
    super(...arguments), (this.checkpoints = new Checkpoints2(this._client));
  }
  create(body, options) {
    return this._client.post("/fine_tuning/jobs", { body, ...options, __security: { bearerAuth: !0 } });
  }
  retrieve(fineTuningJobID, options) {
    return this._client.get(path`/fine_tuning/jobs/${fineTuningJobID}`, { ...options, __security: { bearerAuth: !0 } });
  }
  list(query = {}, options) {
    return this._client.getAPIList("/fine_tuning/jobs", CursorPage, {
      query,
      ...options,
      __security: { bearerAuth: !0 },
    });
  }
  cancel(fineTuningJobID, options) {
    return this._client.post(path`/fine_tuning/jobs/${fineTuningJobID}/cancel`, {
      ...options,
      __security: { bearerAuth: !0 },
    });
  }
  listEvents(fineTuningJobID, query = {}, options) {
    return this._client.getAPIList(path`/fine_tuning/jobs/${fineTuningJobID}/events`, CursorPage, {
      query,
      ...options,
      __security: { bearerAuth: !0 },
    });
  }
  pause(fineTuningJobID, options) {
    return this._client.post(path`/fine_tuning/jobs/${fineTuningJobID}/pause`, {
      ...options,
      __security: { bearerAuth: !0 },
    });
  }
  resume(fineTuningJobID, options) {
    return this._client.post(path`/fine_tuning/jobs/${fineTuningJobID}/resume`, {
      ...options,
      __security: { bearerAuth: !0 },
    });
  }
};
Jobs.Checkpoints = Checkpoints2;
var FineTuning = class extends APIResource {
  constructor() {
    super(...arguments),
      (this.methods = new Methods(this._client)),
      (this.jobs = new Jobs(this._client)),
      (this.checkpoints = new Checkpoints(this._client)),
      (this.alpha = new Alpha(this._client));
  }
};
FineTuning.Methods = Methods;
FineTuning.Jobs = Jobs;
FineTuning.Checkpoints = Checkpoints;
FineTuning.Alpha = Alpha;
var GraderModels = class extends APIResource {};
var Graders2 = class extends APIResource {
  constructor() {
    super(...arguments), (this.graderModels = new GraderModels(this._client));
  }
};
Graders2.GraderModels = GraderModels;
var Images = class extends APIResource {
  createVariation(body, options) {
    return this._client.post(
      "/images/variations",
      multipartFormRequestOptions({ body, ...options, __security: { bearerAuth: !0 } }, this._client),
    );
  }
  edit(body, options) {
    return this._client.post(
      "/images/edits",
      multipartFormRequestOptions(
        { body, ...options, stream: body.stream ?? !1, __security: { bearerAuth: !0 } },
        this._client,
      ),
    );
  }
  generate(body, options) {
    return this._client.post("/images/generations", {
      body,
      ...options,
      stream: body.stream ?? !1,
      __security: { bearerAuth: !0 },
    });
  }
};
var Models = class extends APIResource {
  retrieve(model, options) {
    return this._client.get(path`/models/${model}`, { ...options, __security: { bearerAuth: !0 } });
  }
  list(options) {
    return this._client.getAPIList("/models", Page, { ...options, __security: { bearerAuth: !0 } });
  }
  delete(model, options) {
    return this._client.delete(path`/models/${model}`, { ...options, __security: { bearerAuth: !0 } });
  }
};
var Moderations = class extends APIResource {
  create(body, options) {
    return this._client.post("/moderations", { body, ...options, __security: { bearerAuth: !0 } });
  }
};
var Calls = class extends APIResource {
  accept(callID, body, options) {
    return this._client.post(path`/realtime/calls/${callID}/accept`, {
      body,
      ...options,
      headers: buildHeaders([{ Accept: "*/*" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  hangup(callID, options) {
    return this._client.post(path`/realtime/calls/${callID}/hangup`, {
      ...options,
      headers: buildHeaders([{ Accept: "*/*" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  refer(callID, body, options) {
    return this._client.post(path`/realtime/calls/${callID}/refer`, {
      body,
      ...options,
      headers: buildHeaders([{ Accept: "*/*" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  reject(callID, body = {}, options) {
    return this._client.post(path`/realtime/calls/${callID}/reject`, {
      body,
      ...options,
      headers: buildHeaders([{ Accept: "*/*" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
};
var ClientSecrets = class extends APIResource {
  create(body, options) {
    return this._client.post("/realtime/client_secrets", { body, ...options, __security: { bearerAuth: !0 } });
  }
};
var Realtime2 = class extends APIResource {
  constructor() {
    super(...arguments), (this.clientSecrets = new ClientSecrets(this._client)), (this.calls = new Calls(this._client));
  }
};
Realtime2.ClientSecrets = ClientSecrets;
Realtime2.Calls = Calls;
function maybeParseResponse(response, params) {
  if (!params || !hasAutoParseableInput2(params)) {
    const parsed = {
      ...response,
      output_parsed: null,
      output: response.output.map((item) =>
        item.type === "function_call"
          ? { ...item, parsed_arguments: null }
          : item.type === "message"
            ? { ...item, content: item.content.map((content) => ({ ...content, parsed: null })) }
            : item,
      ),
    };
    return needsOutputText(response, parsed) && addOutputText(parsed), parsed;
  }
  return parseResponse(response, params);
}
function parseResponse(response, params) {
  const shouldParse = !response.status || response.status === "completed",
    output = response.output.map((item) => {
      if (item.type === "function_call")
        return shouldParse ? parseToolCall2(params, item) : { ...item, parsed_arguments: null };
      if (item.type === "message") {
        const content = item.content.map((content2) =>
          content2.type === "output_text"
            ? { ...content2, parsed: shouldParse ? parseTextFormat(params, content2.text) : null }
            : content2,
        );
        return { ...item, content };
      }
      return item;
    }),
    parsed = Object.assign({}, response, { output });
  return (
    needsOutputText(response, parsed) && addOutputText(parsed),
    Object.defineProperty(parsed, "output_parsed", {
      enumerable: !0,
      get() {
        for (const output2 of parsed.output)
          if (output2.type === "message") {
            for (const content of output2.content)
              if (content.type === "output_text" && content.parsed !== null) return content.parsed;
          }
        return null;
      },
    }),
    parsed
  );
}
function parseTextFormat(params, content) {
  return params.text?.format?.type !== "json_schema"
    ? null
    : "$parseRaw" in params.text?.format
      ? (params.text?.format).$parseRaw(content)
      : JSON.parse(content);
}
function hasAutoParseableInput2(params) {
  return isAutoParsableResponseFormat(params.text?.format)
    ? !0
    : Array.isArray(params.tools) &&
        params.tools.some((tool) => isAutoParsableTool2(tool) || (tool.type === "function" && tool.strict === !0));
}
function isAutoParsableTool2(tool) {
  return tool?.$brand === "auto-parseable-tool";
}
function getInputToolByName(input_tools, name) {
  return input_tools.find((tool) => tool.type === "function" && tool.name === name);
}
function parseToolCall2(params, toolCall) {
  const inputTool = getInputToolByName(params.tools ?? [], toolCall.name);
  return {
    ...toolCall,
    ...toolCall,
    parsed_arguments: isAutoParsableTool2(inputTool)
      ? inputTool.$parseRaw(toolCall.arguments)
      : inputTool?.strict
        ? JSON.parse(toolCall.arguments)
        : null,
  };
}
function needsOutputText(response, target) {
  return !Object.getOwnPropertyDescriptor(response, "output_text") || target.output_text == null;
}
function addOutputText(rsp) {
  const texts = [];
  for (const output of rsp.output)
    if (output.type === "message")
      for (const content of output.content) content.type === "output_text" && texts.push(content.text);
  rsp.output_text = texts.join("");
}
function accumulateResponse(event, snapshot) {
  if (!snapshot) {
    if (event.type !== "response.created")
      throw new OpenAIError(`When snapshot hasn't been set yet, expected 'response.created' event, got ${event.type}`);
    return cloneResponse(event.response);
  }
  switch (event.type) {
    case "response.output_item.added": {
      snapshot.output.push(structuredClone(event.item)), event.item.type === "message" && addOutputText(snapshot);
      break;
    }
    case "response.output_item.done": {
      getOutput(snapshot, event.output_index),
        (snapshot.output[event.output_index] = structuredClone(event.item)),
        event.item.type === "message" && addOutputText(snapshot);
      break;
    }
    case "response.content_part.added": {
      const output = getOutput(snapshot, event.output_index),
        type = output.type,
        part = event.part;
      type === "message" && part.type !== "reasoning_text"
        ? (output.content.push(structuredClone(part)), part.type === "output_text" && addOutputText(snapshot))
        : type === "reasoning" &&
          part.type === "reasoning_text" &&
          (output.content || (output.content = []), output.content.push(structuredClone(part)));
      break;
    }
    case "response.content_part.done": {
      const output = getOutput(snapshot, event.output_index),
        part = event.part;
      if (output.type === "message" && part.type !== "reasoning_text")
        getContent(output.content, event.content_index),
          (output.content[event.content_index] = structuredClone(part)),
          part.type === "output_text" && addOutputText(snapshot);
      else if (output.type === "reasoning" && part.type === "reasoning_text") {
        const content = output.content;
        if (!content) throw new OpenAIError(`missing content at index ${event.content_index}`);
        getContent(content, event.content_index), (content[event.content_index] = structuredClone(part));
      }
      break;
    }
    case "response.output_text.delta": {
      const output = getOutput(snapshot, event.output_index);
      if (output.type === "message") {
        const content = getContent(output.content, event.content_index);
        if (content.type !== "output_text")
          throw new OpenAIError(`expected content to be 'output_text', got ${content.type}`);
        (content.text += event.delta), (snapshot.output_text += event.delta);
      }
      break;
    }
    case "response.output_text.done": {
      const output = getOutput(snapshot, event.output_index);
      if (output.type === "message") {
        const content = getContent(output.content, event.content_index);
        if (content.type !== "output_text")
          throw new OpenAIError(`expected content to be 'output_text', got ${content.type}`);
        (content.text = event.text), addOutputText(snapshot);
      }
      break;
    }
    case "response.output_text.annotation.added": {
      const output = getOutput(snapshot, event.output_index);
      if (output.type === "message") {
        const content = getContent(output.content, event.content_index);
        if (content.type !== "output_text")
          throw new OpenAIError(`expected content to be 'output_text', got ${content.type}`);
        content.annotations[event.annotation_index] = structuredClone(event.annotation);
      }
      break;
    }
    case "response.refusal.delta": {
      const output = getOutput(snapshot, event.output_index);
      if (output.type === "message") {
        const content = getContent(output.content, event.content_index);
        if (content.type !== "refusal") throw new OpenAIError(`expected content to be 'refusal', got ${content.type}`);
        content.refusal += event.delta;
      }
      break;
    }
    case "response.refusal.done": {
      const output = getOutput(snapshot, event.output_index);
      if (output.type === "message") {
        const content = getContent(output.content, event.content_index);
        if (content.type !== "refusal") throw new OpenAIError(`expected content to be 'refusal', got ${content.type}`);
        content.refusal = event.refusal;
      }
      break;
    }
    case "response.function_call_arguments.delta": {
      const output = getOutput(snapshot, event.output_index);
      output.type === "function_call" && (output.arguments += event.delta);
      break;
    }
    case "response.function_call_arguments.done": {
      const output = getOutput(snapshot, event.output_index);
      output.type === "function_call" && (output.arguments = event.arguments);
      break;
    }
    case "response.reasoning_text.delta": {
      const output = getOutput(snapshot, event.output_index);
      if (output.type === "reasoning") {
        if (!output.content) throw new OpenAIError(`missing content at index ${event.content_index}`);
        const content = getContent(output.content, event.content_index);
        if (content.type !== "reasoning_text")
          throw new OpenAIError(`expected content to be 'reasoning_text', got ${content.type}`);
        content.text += event.delta;
      }
      break;
    }
    case "response.reasoning_text.done": {
      const output = getOutput(snapshot, event.output_index);
      if (output.type === "reasoning") {
        if (!output.content) throw new OpenAIError(`missing content at index ${event.content_index}`);
        const content = getContent(output.content, event.content_index);
        if (content.type !== "reasoning_text")
          throw new OpenAIError(`expected content to be 'reasoning_text', got ${content.type}`);
        content.text = event.text;
      }
      break;
    }
    case "response.reasoning_summary_part.added": {
      const output = getOutput(snapshot, event.output_index);
      output.type === "reasoning" && output.summary.push(structuredClone(event.part));
      break;
    }
    case "response.reasoning_summary_part.done": {
      const output = getOutput(snapshot, event.output_index);
      output.type === "reasoning" &&
        (getContent(output.summary, event.summary_index),
        (output.summary[event.summary_index] = structuredClone(event.part)));
      break;
    }
    case "response.reasoning_summary_text.delta": {
      const output = getOutput(snapshot, event.output_index);
      if (output.type === "reasoning") {
        const part = getContent(output.summary, event.summary_index);
        part.text += event.delta;
      }
      break;
    }
    case "response.reasoning_summary_text.done": {
      const output = getOutput(snapshot, event.output_index);
      if (output.type === "reasoning") {
        const part = getContent(output.summary, event.summary_index);
        part.text = event.text;
      }
      break;
    }
    case "response.custom_tool_call_input.delta": {
      const output = getOutput(snapshot, event.output_index);
      output.type === "custom_tool_call" && (output.input += event.delta);
      break;
    }
    case "response.custom_tool_call_input.done": {
      const output = getOutput(snapshot, event.output_index);
      output.type === "custom_tool_call" && (output.input = event.input);
      break;
    }
    case "response.mcp_call_arguments.delta": {
      const output = getOutput(snapshot, event.output_index);
      output.type === "mcp_call" && (output.arguments += event.delta);
      break;
    }
    case "response.mcp_call_arguments.done": {
      const output = getOutput(snapshot, event.output_index);
      output.type === "mcp_call" && (output.arguments = event.arguments);
      break;
    }
    case "response.code_interpreter_call_code.delta": {
      const output = getOutput(snapshot, event.output_index);
      output.type === "code_interpreter_call" && (output.code = (output.code ?? "") + event.delta);
      break;
    }
    case "response.code_interpreter_call_code.done": {
      const output = getOutput(snapshot, event.output_index);
      output.type === "code_interpreter_call" && (output.code = event.code);
      break;
    }
    case "response.code_interpreter_call.in_progress": {
      const output = getOutput(snapshot, event.output_index);
      output.type === "code_interpreter_call" && (output.status = "in_progress");
      break;
    }
    case "response.code_interpreter_call.interpreting": {
      const output = getOutput(snapshot, event.output_index);
      output.type === "code_interpreter_call" && (output.status = "interpreting");
      break;
    }
    case "response.code_interpreter_call.completed": {
      const output = getOutput(snapshot, event.output_index);
      output.type === "code_interpreter_call" && (output.status = "completed");
      break;
    }
    case "response.file_search_call.in_progress": {
      const output = getOutput(snapshot, event.output_index);
      output.type === "file_search_call" && (output.status = "in_progress");
      break;
    }
    case "response.file_search_call.searching": {
      const output = getOutput(snapshot, event.output_index);
      output.type === "file_search_call" && (output.status = "searching");
      break;
    }
    case "response.file_search_call.completed": {
      const output = getOutput(snapshot, event.output_index);
      output.type === "file_search_call" && (output.status = "completed");
      break;
    }
    case "response.web_search_call.in_progress": {
      const output = getOutput(snapshot, event.output_index);
      output.type === "web_search_call" && (output.status = "in_progress");
      break;
    }
    case "response.web_search_call.searching": {
      const output = getOutput(snapshot, event.output_index);
      output.type === "web_search_call" && (output.status = "searching");
      break;
    }
    case "response.web_search_call.completed": {
      const output = getOutput(snapshot, event.output_index);
      output.type === "web_search_call" && (output.status = "completed");
      break;
    }
    case "response.image_generation_call.in_progress": {
      const output = getOutput(snapshot, event.output_index);
      output.type === "image_generation_call" && (output.status = "in_progress");
      break;
    }
    case "response.image_generation_call.generating": {
      const output = getOutput(snapshot, event.output_index);
      output.type === "image_generation_call" && (output.status = "generating");
      break;
    }
    case "response.image_generation_call.completed": {
      const output = getOutput(snapshot, event.output_index);
      output.type === "image_generation_call" && (output.status = "completed");
      break;
    }
    case "response.mcp_call.in_progress": {
      const output = getOutput(snapshot, event.output_index);
      output.type === "mcp_call" && (output.status = "in_progress");
      break;
    }
    case "response.mcp_call.completed": {
      const output = getOutput(snapshot, event.output_index);
      output.type === "mcp_call" && (output.status = "completed");
      break;
    }
    case "response.mcp_call.failed": {
      const output = getOutput(snapshot, event.output_index);
      output.type === "mcp_call" && (output.status = "failed");
      break;
    }
    case "response.created":
    case "response.queued":
    case "response.in_progress":
    case "response.completed":
    case "response.failed":
    case "response.incomplete": {
      snapshot = cloneResponse(event.response);
      break;
    }
    case "response.audio.delta":
    case "response.audio.done":
    case "response.audio.transcript.delta":
    case "response.audio.transcript.done":
    case "response.image_generation_call.partial_image":
    case "response.mcp_list_tools.in_progress":
    case "response.mcp_list_tools.completed":
    case "response.mcp_list_tools.failed":
    case "keepalive":
    case "error":
      break;
    default:
      assertNever(event);
  }
  return snapshot;
}
function cloneResponse(response) {
  const snapshot = structuredClone(response);
  return (
    (!Object.getOwnPropertyDescriptor(snapshot, "output_text") || snapshot.output_text == null) &&
      addOutputText(snapshot),
    snapshot
  );
}
function getOutput(snapshot, outputIndex) {
  const output = snapshot.output[outputIndex];
  if (!output) throw new OpenAIError(`missing output at index ${outputIndex}`);
  return output;
}
function getContent(content, contentIndex) {
  const part = content[contentIndex];
  if (!part) throw new OpenAIError(`missing content at index ${contentIndex}`);
  return part;
}
function assertNever(value) {
  throw new OpenAIError(`Unhandled response stream event: ${JSON.stringify(value)}`);
}
var _ResponseStream_instances,
  _ResponseStream_params,
  _ResponseStream_currentResponseSnapshot,
  _ResponseStream_finalResponse,
  _ResponseStream_beginRequest,
  _ResponseStream_addEvent,
  _ResponseStream_endRequest,
  ResponseStream = class _ResponseStream extends EventStream {
    constructor(params) {
      super(),
        _ResponseStream_instances.add(this),
        _ResponseStream_params.set(this, void 0),
        _ResponseStream_currentResponseSnapshot.set(this, void 0),
        _ResponseStream_finalResponse.set(this, void 0),
        __classPrivateFieldSet(this, _ResponseStream_params, params, "f");
    }
    static createResponse(client, params, options) {
      const runner = new _ResponseStream(params);
      return (
        runner._run(() =>
          runner._createOrRetrieveResponse(client, params, {
            ...options,
            headers: { ...options?.headers, "X-Stainless-Helper-Method": "stream" },
          }),
        ),
        runner
      );
    }
    static fromReadableStream(stream) {
      const runner = new _ResponseStream(null);
      return runner._run(() => runner._fromReadableStream(stream)), runner;
    }
    async _createOrRetrieveResponse(client, params, options) {
      this._listenForAbort(options?.signal),
        __classPrivateFieldGet(this, _ResponseStream_instances, "m", _ResponseStream_beginRequest).call(this);
      let stream,
        starting_after = null;
      "response_id" in params
        ? ((stream = await client.responses.retrieve(
            params.response_id,
            { stream: !0 },
            { ...options, signal: this.controller.signal, stream: !0 },
          )),
          (starting_after = params.starting_after ?? null))
        : (stream = await client.responses.create(
            { ...params, stream: !0 },
            { ...options, signal: this.controller.signal },
          )),
        this._connected();
      for await (const event of stream)
        __classPrivateFieldGet(this, _ResponseStream_instances, "m", _ResponseStream_addEvent).call(
          this,
          event,
          starting_after,
        );
      if (stream.controller.signal?.aborted) throw new APIUserAbortError();
      return __classPrivateFieldGet(this, _ResponseStream_instances, "m", _ResponseStream_endRequest).call(this);
    }
    async _fromReadableStream(readableStream, options) {
      this._listenForAbort(options?.signal),
        __classPrivateFieldGet(this, _ResponseStream_instances, "m", _ResponseStream_beginRequest).call(this),
        this._connected();
      const stream = Stream.fromReadableStream(readableStream, this.controller);
      for await (const event of stream)
        __classPrivateFieldGet(this, _ResponseStream_instances, "m", _ResponseStream_addEvent).call(this, event, null);
      if (stream.controller.signal?.aborted) throw new APIUserAbortError();
      return __classPrivateFieldGet(this, _ResponseStream_instances, "m", _ResponseStream_endRequest).call(this);
    }
    [((_ResponseStream_params = new WeakMap()),
    (_ResponseStream_currentResponseSnapshot = new WeakMap()),
    (_ResponseStream_finalResponse = new WeakMap()),
    (_ResponseStream_instances = new WeakSet()),
    (_ResponseStream_beginRequest = function () {
      this.ended || __classPrivateFieldSet(this, _ResponseStream_currentResponseSnapshot, void 0, "f");
    }),
    (_ResponseStream_addEvent = function (event, starting_after) {
      if (this.ended) return;
      const maybeEmit = (name, event2) => {
          (starting_after == null || event2.sequence_number > starting_after) && this._emit(name, event2);
        },
        response = accumulateResponse(
          event,
          __classPrivateFieldGet(this, _ResponseStream_currentResponseSnapshot, "f"),
        );
      switch (
        (__classPrivateFieldSet(this, _ResponseStream_currentResponseSnapshot, response, "f"),
        maybeEmit("event", event),
        event.type)
      ) {
        case "response.output_text.delta": {
          const output = response.output[event.output_index];
          if (!output) throw new OpenAIError(`missing output at index ${event.output_index}`);
          if (output.type === "message") {
            const content = output.content[event.content_index];
            if (!content) throw new OpenAIError(`missing content at index ${event.content_index}`);
            if (content.type !== "output_text")
              throw new OpenAIError(`expected content to be 'output_text', got ${content.type}`);
            maybeEmit("response.output_text.delta", { ...event, snapshot: content.text });
          }
          break;
        }
        case "response.function_call_arguments.delta": {
          const output = response.output[event.output_index];
          if (!output) throw new OpenAIError(`missing output at index ${event.output_index}`);
          output.type === "function_call" &&
            maybeEmit("response.function_call_arguments.delta", { ...event, snapshot: output.arguments });
          break;
        }
        default:
          maybeEmit(event.type, event);
          break;
      }
    }),
    (_ResponseStream_endRequest = function () {
      if (this.ended) throw new OpenAIError("stream has ended, this shouldn't happen");
      const snapshot = __classPrivateFieldGet(this, _ResponseStream_currentResponseSnapshot, "f");
      if (!snapshot) throw new OpenAIError("request ended without sending any events");
      __classPrivateFieldSet(this, _ResponseStream_currentResponseSnapshot, void 0, "f");
      const parsedResponse = finalizeResponse(snapshot, __classPrivateFieldGet(this, _ResponseStream_params, "f"));
      return __classPrivateFieldSet(this, _ResponseStream_finalResponse, parsedResponse, "f"), parsedResponse;
    }),
    Symbol.asyncIterator)]() {
      let pushQueue = [],
        readQueue = [],
        done = !1;
      return (
        this.on("event", (event) => {
          const reader = readQueue.shift();
          reader ? reader.resolve(event) : pushQueue.push(event);
        }),
        this.on("end", () => {
          done = !0;
          for (const reader of readQueue) reader.resolve(void 0);
          readQueue.length = 0;
        }),
        this.on("abort", (err) => {
          done = !0;
          for (const reader of readQueue) reader.reject(err);
          readQueue.length = 0;
        }),
        this.on("error", (err) => {
          done = !0;
          for (const reader of readQueue) reader.reject(err);
          readQueue.length = 0;
        }),
        {
          next: async () =>
            pushQueue.length
              ? { value: pushQueue.shift(), done: !1 }
              : done
                ? { value: void 0, done: !0 }
                : new Promise((resolve, reject) => readQueue.push({ resolve, reject })).then((event2) =>
                    event2 ? { value: event2, done: !1 } : { value: void 0, done: !0 },
                  ),
          return: async () => (this.abort(), { value: void 0, done: !0 }),
        }
      );
    }
    async finalResponse() {
      await this.done();
      const response = __classPrivateFieldGet(this, _ResponseStream_finalResponse, "f");
      if (!response) throw new OpenAIError("stream ended without producing a ChatCompletion");
      return response;
    }
  };
function finalizeResponse(snapshot, params) {
  return maybeParseResponse(snapshot, params);
}
var InputItems2 = class extends APIResource {
  list(responseID, query = {}, options) {
    return this._client.getAPIList(path`/responses/${responseID}/input_items`, CursorPage, {
      query,
      ...options,
      __security: { bearerAuth: !0 },
    });
  }
};
var InputTokens2 = class extends APIResource {
  count(body = {}, options) {
    return this._client.post("/responses/input_tokens", { body, ...options, __security: { bearerAuth: !0 } });
  }
};
var Responses2 = class extends APIResource {
  constructor() {
    super(...arguments),
      (this.inputItems = new InputItems2(this._client)),
      (this.inputTokens = new InputTokens2(this._client));
  }
  create(body, options) {
    return this._client
      .post("/responses", { body, ...options, stream: body.stream ?? !1, __security: { bearerAuth: !0 } })
      ._thenUnwrap((rsp) => ("object" in rsp && rsp.object === "response" && addOutputText(rsp), rsp));
  }
  retrieve(responseID, query = {}, options) {
    return this._client
      .get(path`/responses/${responseID}`, {
        query,
        ...options,
        stream: query?.stream ?? !1,
        __security: { bearerAuth: !0 },
      })
      ._thenUnwrap((rsp) => ("object" in rsp && rsp.object === "response" && addOutputText(rsp), rsp));
  }
  delete(responseID, options) {
    return this._client.delete(path`/responses/${responseID}`, {
      ...options,
      headers: buildHeaders([{ Accept: "*/*" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  parse(body, options) {
    return this._client.responses.create(body, options)._thenUnwrap((response) => parseResponse(response, body));
  }
  stream(body, options) {
    return ResponseStream.createResponse(this._client, body, options);
  }
  cancel(responseID, options) {
    return this._client.post(path`/responses/${responseID}/cancel`, { ...options, __security: { bearerAuth: !0 } });
  }
  compact(body, options) {
    return this._client.post("/responses/compact", { body, ...options, __security: { bearerAuth: !0 } });
  }
};
Responses2.InputItems = InputItems2;
Responses2.InputTokens = InputTokens2;
var Content2 = class extends APIResource {
  retrieve(skillID, options) {
    return this._client.get(path`/skills/${skillID}/content`, {
      ...options,
      headers: buildHeaders([{ Accept: "application/binary" }, options?.headers]),
      __security: { bearerAuth: !0 },
      __binaryResponse: !0,
    });
  }
};
var Content3 = class extends APIResource {
  retrieve(version, params, options) {
    const { skill_id } = params;
    return this._client.get(path`/skills/${skill_id}/versions/${version}/content`, {
      ...options,
      headers: buildHeaders([{ Accept: "application/binary" }, options?.headers]),
      __security: { bearerAuth: !0 },
      __binaryResponse: !0,
    });
  }
};
var Versions = class extends APIResource {
  constructor() {
    super(...arguments), (this.content = new Content3(this._client));
  }
  create(skillID, body = {}, options) {
    return this._client.post(
      path`/skills/${skillID}/versions`,
      maybeMultipartFormRequestOptions({ body, ...options, __security: { bearerAuth: !0 } }, this._client),
    );
  }
  retrieve(version, params, options) {
    const { skill_id } = params;
    return this._client.get(path`/skills/${skill_id}/versions/${version}`, {
      ...options,
      __security: { bearerAuth: !0 },
    });
  }
  list(skillID, query = {}, options) {
    return this._client.getAPIList(path`/skills/${skillID}/versions`, CursorPage, {
      query,
      ...options,
      __security: { bearerAuth: !0 },
    });
  }
  delete(version, params, options) {
    const { skill_id } = params;
    return this._client.delete(path`/skills/${skill_id}/versions/${version}`, {
      ...options,
      __security: { bearerAuth: !0 },
    });
  }
};
Versions.Content = Content3;
var Skills = class extends APIResource {
  constructor() {
    super(...arguments), (this.content = new Content2(this._client)), (this.versions = new Versions(this._client));
  }
  create(body = {}, options) {
    return this._client.post(
      "/skills",
      maybeMultipartFormRequestOptions({ body, ...options, __security: { bearerAuth: !0 } }, this._client),
    );
  }
  retrieve(skillID, options) {
    return this._client.get(path`/skills/${skillID}`, { ...options, __security: { bearerAuth: !0 } });
  }
  update(skillID, body, options) {
    return this._client.post(path`/skills/${skillID}`, { body, ...options, __security: { bearerAuth: !0 } });
  }
  list(query = {}, options) {
    return this._client.getAPIList("/skills", CursorPage, { query, ...options, __security: { bearerAuth: !0 } });
  }
  delete(skillID, options) {
    return this._client.delete(path`/skills/${skillID}`, { ...options, __security: { bearerAuth: !0 } });
  }
};
Skills.Content = Content2;
Skills.Versions = Versions;
var Parts = class extends APIResource {
  create(uploadID, body, options) {
    return this._client.post(
      path`/uploads/${uploadID}/parts`,
      multipartFormRequestOptions({ body, ...options, __security: { bearerAuth: !0 } }, this._client),
    );
  }
};
var Uploads = class extends APIResource {
  constructor() {
    super(...arguments), (this.parts = new Parts(this._client));
  }
  create(body, options) {
    return this._client.post("/uploads", { body, ...options, __security: { bearerAuth: !0 } });
  }
  cancel(uploadID, options) {
    return this._client.post(path`/uploads/${uploadID}/cancel`, { ...options, __security: { bearerAuth: !0 } });
  }
  complete(uploadID, body, options) {
    return this._client.post(path`/uploads/${uploadID}/complete`, { body, ...options, __security: { bearerAuth: !0 } });
  }
};
Uploads.Parts = Parts;
var allSettledWithThrow = async (promises) => {
  const results = await Promise.allSettled(promises),
    rejected = results.filter((result) => result.status === "rejected");
  if (rejected.length) {
    for (const result of rejected) console.error(result.reason);
    throw new Error(`${rejected.length} promise(s) failed - see the above errors`);
  }
  const values = [];
  for (const result of results) result.status === "fulfilled" && values.push(result.value);
  return values;
};
var FileBatches = class extends APIResource {
  create(vectorStoreID, body, options) {
    return this._client.post(path`/vector_stores/${vectorStoreID}/file_batches`, {
      body,
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  retrieve(batchID, params, options) {
    const { vector_store_id } = params;
    return this._client.get(path`/vector_stores/${vector_store_id}/file_batches/${batchID}`, {
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  cancel(batchID, params, options) {
    const { vector_store_id } = params;
    return this._client.post(path`/vector_stores/${vector_store_id}/file_batches/${batchID}/cancel`, {
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  async createAndPoll(vectorStoreId, body, options) {
    const batch = await this.create(vectorStoreId, body);
    return await this.poll(vectorStoreId, batch.id, options);
  }
  listFiles(batchID, params, options) {
    const { vector_store_id, ...query } = params;
    return this._client.getAPIList(path`/vector_stores/${vector_store_id}/file_batches/${batchID}/files`, CursorPage, {
      query,
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  async poll(vectorStoreID, batchID, options) {
    const headers = buildHeaders([
      options?.headers,
      {
        "X-Stainless-Poll-Helper": "true",
        "X-Stainless-Custom-Poll-Interval": options?.pollIntervalMs?.toString() ?? void 0,
      },
    ]);
    for (;;) {
      const { data: batch, response } = await this.retrieve(
        batchID,
        { vector_store_id: vectorStoreID },
        { ...options, headers },
      ).withResponse();
      switch (batch.status) {
        case "in_progress": {
          let sleepInterval = 5e3;
          if (options?.pollIntervalMs) sleepInterval = options.pollIntervalMs;
          else {
            const headerInterval = response.headers.get("openai-poll-after-ms");
            if (headerInterval) {
              const headerIntervalMs = parseInt(headerInterval);
              isNaN(headerIntervalMs) || (sleepInterval = headerIntervalMs);
            }
          }
          await sleep(sleepInterval);
          break;
        }
        case "failed":
        case "cancelled":
        case "completed":
          return batch;
      }
    }
  }
  async uploadAndPoll(vectorStoreId, { files, fileIds = [] }, options) {
    if (files == null || files.length == 0)
      throw new Error(
        "No `files` provided to process. If you've already uploaded files you should use `.createAndPoll()` instead",
      );
    const configuredConcurrency = options?.maxConcurrency ?? 5,
      concurrencyLimit = Math.min(configuredConcurrency, files.length),
      client = this._client,
      fileIterator = files.values(),
      allFileIds = [...fileIds];
    async function processFiles(iterator) {
      for (const item of iterator) {
        const fileObj = await client.files.create({ file: item, purpose: "assistants" }, options);
        allFileIds.push(fileObj.id);
      }
    }
    const workers = Array(concurrencyLimit).fill(fileIterator).map(processFiles);
    return await allSettledWithThrow(workers), await this.createAndPoll(vectorStoreId, { file_ids: allFileIds });
  }
};
var Files3 = class extends APIResource {
  create(vectorStoreID, body, options) {
    return this._client.post(path`/vector_stores/${vectorStoreID}/files`, {
      body,
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  retrieve(fileID, params, options) {
    const { vector_store_id } = params;
    return this._client.get(path`/vector_stores/${vector_store_id}/files/${fileID}`, {
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  update(fileID, params, options) {
    const { vector_store_id, ...body } = params;
    return this._client.post(path`/vector_stores/${vector_store_id}/files/${fileID}`, {
      body,
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  list(vectorStoreID, query = {}, options) {
    return this._client.getAPIList(path`/vector_stores/${vectorStoreID}/files`, CursorPage, {
      query,
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  delete(fileID, params, options) {
    const { vector_store_id } = params;
    return this._client.delete(path`/vector_stores/${vector_store_id}/files/${fileID}`, {
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  async createAndPoll(vectorStoreId, body, options) {
    const file = await this.create(vectorStoreId, body, options);
    return await this.poll(vectorStoreId, file.id, options);
  }
  async poll(vectorStoreID, fileID, options) {
    const headers = buildHeaders([
      options?.headers,
      {
        "X-Stainless-Poll-Helper": "true",
        "X-Stainless-Custom-Poll-Interval": options?.pollIntervalMs?.toString() ?? void 0,
      },
    ]);
    for (;;) {
      const fileResponse = await this.retrieve(
          fileID,
          { vector_store_id: vectorStoreID },
          { ...options, headers },
        ).withResponse(),
        file = fileResponse.data;
      switch (file.status) {
        case "in_progress": {
          let sleepInterval = 5e3;
          if (options?.pollIntervalMs) sleepInterval = options.pollIntervalMs;
          else {
            const headerInterval = fileResponse.response.headers.get("openai-poll-after-ms");
            if (headerInterval) {
              const headerIntervalMs = parseInt(headerInterval);
              isNaN(headerIntervalMs) || (sleepInterval = headerIntervalMs);
            }
          }
          await sleep(sleepInterval);
          break;
        }
        case "failed":
        case "completed":
          return file;
      }
    }
  }
  async upload(vectorStoreId, file, options) {
    const fileInfo = await this._client.files.create({ file, purpose: "assistants" }, options);
    return this.create(vectorStoreId, { file_id: fileInfo.id }, options);
  }
  async uploadAndPoll(vectorStoreId, file, options) {
    const fileInfo = await this.upload(vectorStoreId, file, options);
    return await this.poll(vectorStoreId, fileInfo.id, options);
  }
  content(fileID, params, options) {
    const { vector_store_id } = params;
    return this._client.getAPIList(path`/vector_stores/${vector_store_id}/files/${fileID}/content`, Page, {
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
};
var VectorStores = class extends APIResource {
  constructor() {
    super(...arguments), (this.files = new Files3(this._client)), (this.fileBatches = new FileBatches(this._client));
  }
  create(body, options) {
    return this._client.post("/vector_stores", {
      body,
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  retrieve(vectorStoreID, options) {
    return this._client.get(path`/vector_stores/${vectorStoreID}`, {
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  update(vectorStoreID, body, options) {
    return this._client.post(path`/vector_stores/${vectorStoreID}`, {
      body,
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  list(query = {}, options) {
    return this._client.getAPIList("/vector_stores", CursorPage, {
      query,
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  delete(vectorStoreID, options) {
    return this._client.delete(path`/vector_stores/${vectorStoreID}`, {
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
  search(vectorStoreID, body, options) {
    return this._client.getAPIList(path`/vector_stores/${vectorStoreID}/search`, Page, {
      body,
      method: "post",
      ...options,
      headers: buildHeaders([{ "OpenAI-Beta": "assistants=v2" }, options?.headers]),
      __security: { bearerAuth: !0 },
    });
  }
};
VectorStores.Files = Files3;
VectorStores.FileBatches = FileBatches;
var Videos = class extends APIResource {
  create(body, options) {
    return this._client.post(
      "/videos",
      multipartFormRequestOptions({ body, ...options, __security: { bearerAuth: !0 } }, this._client),
    );
  }
  retrieve(videoID, options) {
    return this._client.get(path`/videos/${videoID}`, { ...options, __security: { bearerAuth: !0 } });
  }
  list(query = {}, options) {
    return this._client.getAPIList("/videos", ConversationCursorPage, {
      query,
      ...options,
      __security: { bearerAuth: !0 },
    });
  }
  delete(videoID, options) {
    return this._client.delete(path`/videos/${videoID}`, { ...options, __security: { bearerAuth: !0 } });
  }
  createCharacter(body, options) {
    return this._client.post(
      "/videos/characters",
      multipartFormRequestOptions({ body, ...options, __security: { bearerAuth: !0 } }, this._client),
    );
  }
  downloadContent(videoID, query = {}, options) {
    return this._client.get(path`/videos/${videoID}/content`, {
      query,
      ...options,
      headers: buildHeaders([{ Accept: "application/binary" }, options?.headers]),
      __security: { bearerAuth: !0 },
      __binaryResponse: !0,
    });
  }
  edit(body, options) {
    return this._client.post(
      "/videos/edits",
      multipartFormRequestOptions({ body, ...options, __security: { bearerAuth: !0 } }, this._client),
    );
  }
  extend(body, options) {
    return this._client.post(
      "/videos/extensions",
      multipartFormRequestOptions({ body, ...options, __security: { bearerAuth: !0 } }, this._client),
    );
  }
  getCharacter(characterID, options) {
    return this._client.get(path`/videos/characters/${characterID}`, { ...options, __security: { bearerAuth: !0 } });
  }
  remix(videoID, body, options) {
    return this._client.post(
      path`/videos/${videoID}/remix`,
      maybeMultipartFormRequestOptions({ body, ...options, __security: { bearerAuth: !0 } }, this._client),
    );
  }
};
var _Webhooks_instances,
  _Webhooks_validateSecret,
  _Webhooks_getRequiredHeader,
  Webhooks = class extends APIResource {
    constructor() {
      super(...arguments), _Webhooks_instances.add(this);
    }
    async unwrap(payload, headers, secret = this._client.webhookSecret, tolerance = 300) {
      return await this.verifySignature(payload, headers, secret, tolerance), JSON.parse(payload);
    }
    async verifySignature(payload, headers, secret = this._client.webhookSecret, tolerance = 300) {
      if (
        typeof crypto > "u" ||
        typeof crypto.subtle.importKey != "function" ||
        typeof crypto.subtle.verify != "function"
      )
        throw new Error("Webhook signature verification is only supported when the `crypto` global is defined");
      __classPrivateFieldGet(this, _Webhooks_instances, "m", _Webhooks_validateSecret).call(this, secret);
      const headersObj = buildHeaders([headers]).values,
        signatureHeader = __classPrivateFieldGet(this, _Webhooks_instances, "m", _Webhooks_getRequiredHeader).call(
          this,
          headersObj,
          "webhook-signature",
        ),
        timestamp = __classPrivateFieldGet(this, _Webhooks_instances, "m", _Webhooks_getRequiredHeader).call(
          this,
          headersObj,
          "webhook-timestamp",
        ),
        webhookId = __classPrivateFieldGet(this, _Webhooks_instances, "m", _Webhooks_getRequiredHeader).call(
          this,
          headersObj,
          "webhook-id",
        ),
        timestampSeconds = parseInt(timestamp, 10);
      if (isNaN(timestampSeconds)) throw new InvalidWebhookSignatureError("Invalid webhook timestamp format");
      const nowSeconds = Math.floor(Date.now() / 1e3);
      if (nowSeconds - timestampSeconds > tolerance)
        throw new InvalidWebhookSignatureError("Webhook timestamp is too old");
      if (timestampSeconds > nowSeconds + tolerance)
        throw new InvalidWebhookSignatureError("Webhook timestamp is too new");
      const signatures = signatureHeader.split(" ").map((part) => (part.startsWith("v1,") ? part.substring(3) : part)),
        decodedSecret = secret.startsWith("whsec_")
          ? Buffer.from(secret.replace("whsec_", ""), "base64")
          : Buffer.from(secret, "utf-8"),
        signedPayload = webhookId ? `${webhookId}.${timestamp}.${payload}` : `${timestamp}.${payload}`,
        key = await crypto.subtle.importKey("raw", decodedSecret, { name: "HMAC", hash: "SHA-256" }, !1, ["verify"]);
      for (const signature of signatures)
        try {
          const signatureBytes = Buffer.from(signature, "base64");
          if (await crypto.subtle.verify("HMAC", key, signatureBytes, new TextEncoder().encode(signedPayload))) return;
        } catch {}
      throw new InvalidWebhookSignatureError("The given webhook signature does not match the expected signature");
    }
  };
(_Webhooks_instances = new WeakSet()),
  (_Webhooks_validateSecret = (secret) => {
    if (typeof secret != "string" || secret.length === 0)
      throw new Error(
        "The webhook secret must either be set using the env var, OPENAI_WEBHOOK_SECRET, on the client class, OpenAI({ webhookSecret: '123' }), or passed to this function",
      );
  }),
  (_Webhooks_getRequiredHeader = (headers, name) => {
    if (!headers) throw new Error("Headers are required");
    const value = headers.get(name);
    if (value == null) throw new Error(`Missing required header: ${name}`);
    return value;
  });
var providerDefinitionsKey = Symbol.for("openai.node.providerDefinitions.v1"),
  providerGlobal = globalThis,
  existingProviderDefinitions = providerGlobal[providerDefinitionsKey],
  providerDefinitions = existingProviderDefinitions ?? new WeakMap();
existingProviderDefinitions ||
  Object.defineProperty(providerGlobal, providerDefinitionsKey, { value: providerDefinitions });
function configureProvider(provider) {
  const definition = providerDefinitions.get(provider);
  if (!definition) throw new Error("Invalid provider. Providers must be created with createProvider().");
  return definition.configure();
}
var _OpenAI_instances,
  _a2,
  _OpenAI_encoder,
  _OpenAI_baseURLOverridden,
  WORKLOAD_IDENTITY_API_KEY_PLACEHOLDER = "workload-identity-auth",
  OpenAI = class {
    constructor(clientOptions = {}) {
      _OpenAI_instances.add(this),
        _OpenAI_encoder.set(this, void 0),
        (this.completions = new Completions2(this)),
        (this.chat = new Chat(this)),
        (this.embeddings = new Embeddings(this)),
        (this.files = new Files2(this)),
        (this.images = new Images(this)),
        (this.audio = new Audio(this)),
        (this.moderations = new Moderations(this)),
        (this.models = new Models(this)),
        (this.fineTuning = new FineTuning(this)),
        (this.graders = new Graders2(this)),
        (this.vectorStores = new VectorStores(this)),
        (this.webhooks = new Webhooks(this)),
        (this.beta = new Beta(this)),
        (this.batches = new Batches(this)),
        (this.uploads = new Uploads(this)),
        (this.admin = new Admin(this)),
        (this.responses = new Responses2(this)),
        (this.realtime = new Realtime2(this)),
        (this.conversations = new Conversations(this)),
        (this.evals = new Evals(this)),
        (this.containers = new Containers(this)),
        (this.skills = new Skills(this)),
        (this.videos = new Videos(this));
      const provider = clientOptions.provider;
      if (provider) {
        const conflictingOptions = ["apiKey", "adminAPIKey", "workloadIdentity", "baseURL"].filter(
          (key) => clientOptions[key] != null,
        );
        if (conflictingOptions.length)
          throw new OpenAIError(
            `The \`provider\` option cannot be used with ${conflictingOptions.map((key) => `\`${key}\``).join(", ")}. Configure authentication and the base URL through the provider instead.`,
          );
      }
      const {
          baseURL = provider ? null : readEnv("OPENAI_BASE_URL"),
          apiKey = provider ? null : (readEnv("OPENAI_API_KEY") ?? null),
          adminAPIKey = provider ? null : (readEnv("OPENAI_ADMIN_KEY") ?? null),
          organization = provider ? null : (readEnv("OPENAI_ORG_ID") ?? null),
          project = provider ? null : (readEnv("OPENAI_PROJECT_ID") ?? null),
          webhookSecret = readEnv("OPENAI_WEBHOOK_SECRET") ?? null,
          workloadIdentity,
          ...opts
        } = clientOptions,
        providerRuntime = provider ? configureProvider(provider) : void 0,
        options = {
          apiKey,
          adminAPIKey,
          organization,
          project,
          webhookSecret,
          workloadIdentity,
          provider,
          ...opts,
          baseURL: providerRuntime?.baseURL ?? (baseURL || "https://api.openai.com/v1"),
        };
      if (apiKey && workloadIdentity)
        throw new OpenAIError("The `apiKey` and `workloadIdentity` options are mutually exclusive");
      if (!providerRuntime && !apiKey && !adminAPIKey && !workloadIdentity)
        throw new OpenAIError(
          "Missing credentials. Please pass an `apiKey`, `workloadIdentity`, `adminAPIKey`, or set the `OPENAI_API_KEY` or `OPENAI_ADMIN_KEY` environment variable.",
        );
      if (!options.dangerouslyAllowBrowser && isRunningInBrowser())
        throw new OpenAIError(`It looks like you're running in a browser-like environment.

This is disabled by default, as it risks exposing your secret API credentials to attackers.
If you understand the risks and have appropriate mitigations in place,
you can set the \`dangerouslyAllowBrowser\` option to \`true\`, e.g.,

new OpenAI({ apiKey, dangerouslyAllowBrowser: true });

https://help.openai.com/en/articles/5112595-best-practices-for-api-key-safety
`);
      (this.baseURL = options.baseURL),
        (this.timeout = options.timeout ?? _a2.DEFAULT_TIMEOUT),
        (this.logger = options.logger ?? console);
      const defaultLogLevel = "warn";
      (this.logLevel = defaultLogLevel),
        (this.logLevel =
          parseLogLevel(options.logLevel, "ClientOptions.logLevel", this) ??
          parseLogLevel(readEnv("OPENAI_LOG"), "process.env['OPENAI_LOG']", this) ??
          defaultLogLevel),
        (this.fetchOptions = options.fetchOptions),
        (this.maxRetries = options.maxRetries ?? 2),
        (this.fetch = options.fetch ?? getDefaultFetch()),
        __classPrivateFieldSet(this, _OpenAI_encoder, FallbackEncoder, "f");
      const customHeadersEnv = provider ? void 0 : readEnv("OPENAI_CUSTOM_HEADERS");
      if (customHeadersEnv) {
        const parsed = {};
        for (const line of customHeadersEnv.split(`
`)) {
          const colon = line.indexOf(":");
          colon >= 0 && (parsed[line.substring(0, colon).trim()] = line.substring(colon + 1).trim());
        }
        options.defaultHeaders = buildHeaders([parsed, options.defaultHeaders]);
      }
      (this._options = options),
        (this._provider = providerRuntime),
        workloadIdentity && (this._workloadIdentityAuth = new WorkloadIdentityAuth(workloadIdentity, this.fetch)),
        (this.apiKey = typeof apiKey == "string" ? apiKey : null),
        (this.adminAPIKey = adminAPIKey),
        (this.organization = organization),
        (this.project = project),
        (this.webhookSecret = webhookSecret);
    }
    withOptions(options) {
      const inheritedProvider = this._options.provider,
        provider = options.provider ?? inheritedProvider,
        inheritedOptions = {
          ...this._options,
          baseURL: this.baseURL,
          maxRetries: this.maxRetries,
          timeout: this.timeout,
          logger: this.logger,
          logLevel: this.logLevel,
          fetch: this.fetch,
          fetchOptions: this.fetchOptions,
          apiKey: this._options.apiKey,
          adminAPIKey: this.adminAPIKey,
          workloadIdentity: this._options.workloadIdentity,
          organization: this.organization,
          project: this.project,
          webhookSecret: this.webhookSecret,
        };
      return (
        provider &&
          (delete inheritedOptions.apiKey,
          delete inheritedOptions.adminAPIKey,
          delete inheritedOptions.workloadIdentity,
          delete inheritedOptions.baseURL,
          provider !== inheritedProvider &&
            (delete inheritedOptions.organization,
            delete inheritedOptions.project,
            delete inheritedOptions.defaultHeaders)),
        new this.constructor({ ...inheritedOptions, ...options, provider })
      );
    }
    defaultQuery() {
      return this._options.defaultQuery;
    }
    validateHeaders({ values, nulls }, schemes = { bearerAuth: !0, adminAPIKeyAuth: !0 }) {
      if (
        !(values.get("authorization") || values.get("api-key")) &&
        !(nulls.has("authorization") || nulls.has("api-key")) &&
        !(this._workloadIdentityAuth && schemes.bearerAuth)
      )
        throw new Error(
          'Could not resolve authentication method. Expected either apiKey or adminAPIKey to be set. Or for one of the "Authorization" or "api-key" headers to be explicitly omitted',
        );
    }
    async authHeaders(opts, schemes = { bearerAuth: !0, adminAPIKeyAuth: !0 }) {
      return buildHeaders([
        schemes.bearerAuth ? await this.bearerAuth(opts) : null,
        schemes.adminAPIKeyAuth ? await this.adminAPIKeyAuth(opts) : null,
      ]);
    }
    async bearerAuth(opts) {
      if (this._workloadIdentityAuth)
        return buildHeaders([{ Authorization: `Bearer ${await this._workloadIdentityAuth.getToken()}` }]);
      if (this.apiKey != null) return buildHeaders([{ Authorization: `Bearer ${this.apiKey}` }]);
    }
    async adminAPIKeyAuth(opts) {
      if (this.adminAPIKey != null) return buildHeaders([{ Authorization: `Bearer ${this.adminAPIKey}` }]);
    }
    stringifyQuery(query) {
      return stringifyQuery(query);
    }
    getUserAgent() {
      return `${this.constructor.name}/JS ${VERSION}`;
    }
    defaultIdempotencyKey() {
      return `stainless-node-retry-${uuid4()}`;
    }
    makeStatusError(status, error, message, headers) {
      return APIError.generate(status, error, message, headers);
    }
    async _callApiKey() {
      if (this._provider) return !1;
      const apiKey = this._options.apiKey;
      if (typeof apiKey != "function") return !1;
      let token;
      try {
        token = await apiKey();
      } catch (err) {
        throw err instanceof OpenAIError
          ? err
          : new OpenAIError(`Failed to get token from 'apiKey' function: ${err.message}`, { cause: err });
      }
      if (typeof token != "string" || !token)
        throw new OpenAIError(`Expected 'apiKey' function argument to return a string but it returned ${token}`);
      return (this.apiKey = token), !0;
    }
    buildURL(path2, query, defaultBaseURL) {
      const baseURL =
          (!__classPrivateFieldGet(this, _OpenAI_instances, "m", _OpenAI_baseURLOverridden).call(this) &&
            defaultBaseURL) ||
          this.baseURL,
        url = isAbsoluteURL(path2)
          ? new URL(path2)
          : new URL(baseURL + (baseURL.endsWith("/") && path2.startsWith("/") ? path2.slice(1) : path2)),
        defaultQuery = this.defaultQuery(),
        pathQuery = Object.fromEntries(url.searchParams);
      return (
        (!isEmptyObj(defaultQuery) || !isEmptyObj(pathQuery)) && (query = { ...pathQuery, ...defaultQuery, ...query }),
        typeof query == "object" && query && !Array.isArray(query) && (url.search = this.stringifyQuery(query)),
        url.toString()
      );
    }
    async prepareOptions(options) {
      if (this._provider) return;
      (options.__security ?? { bearerAuth: !0 }).bearerAuth && (await this._callApiKey());
    }
    async prepareRequest(request, { url, options }) {}
    get(path2, opts) {
      return this.methodRequest("get", path2, opts);
    }
    post(path2, opts) {
      return this.methodRequest("post", path2, opts);
    }
    patch(path2, opts) {
      return this.methodRequest("patch", path2, opts);
    }
    put(path2, opts) {
      return this.methodRequest("put", path2, opts);
    }
    delete(path2, opts) {
      return this.methodRequest("delete", path2, opts);
    }
    methodRequest(method, path2, opts) {
      return this.request(Promise.resolve(opts).then((opts2) => ({ method, path: path2, ...opts2 })));
    }
    request(options, remainingRetries = null) {
      return new APIPromise(this, this.makeRequest(options, remainingRetries, void 0));
    }
    async makeRequest(optionsInput, retriesRemaining, retryOfRequestLogID) {
      const options = await optionsInput,
        maxRetries = options.maxRetries ?? this.maxRetries;
      retriesRemaining == null && (retriesRemaining = maxRetries), await this.prepareOptions(options);
      const { req, url, timeout } = await this.buildRequest(options, { retryCount: maxRetries - retriesRemaining }),
        hasStreamingBody = options.__metadata?.hasStreamingBody === !0;
      await this.prepareRequest(req, { url, options }), await this._provider?.prepareRequest?.(req, { url, options });
      const requestLogID = "log_" + ((Math.random() * (1 << 24)) | 0).toString(16).padStart(6, "0"),
        retryLogStr = retryOfRequestLogID === void 0 ? "" : `, retryOf: ${retryOfRequestLogID}`,
        startTime = Date.now();
      if (
        (loggerFor(this).debug(
          `[${requestLogID}] sending request`,
          formatRequestDetails({ retryOfRequestLogID, method: options.method, url, options, headers: req.headers }),
        ),
        options.signal?.aborted)
      )
        throw new APIUserAbortError();
      const security = options.__security ?? { bearerAuth: !0 },
        controller = new AbortController(),
        response = await this.fetchWithAuth(url, req, timeout, controller, security).catch(castToError),
        headersTime = Date.now();
      if (response instanceof globalThis.Error) {
        const retryMessage = `retrying, ${retriesRemaining} attempts remaining`;
        if (options.signal?.aborted) throw new APIUserAbortError();
        const isTimeout =
          isAbortError(response) ||
          /timed? ?out/i.test(String(response) + ("cause" in response ? String(response.cause) : ""));
        if (retriesRemaining && !hasStreamingBody)
          return (
            loggerFor(this).info(
              `[${requestLogID}] connection ${isTimeout ? "timed out" : "failed"} - ${retryMessage}`,
            ),
            loggerFor(this).debug(
              `[${requestLogID}] connection ${isTimeout ? "timed out" : "failed"} (${retryMessage})`,
              formatRequestDetails({
                retryOfRequestLogID,
                url,
                durationMs: headersTime - startTime,
                message: response.message,
              }),
            ),
            this.retryRequest(options, retriesRemaining, retryOfRequestLogID ?? requestLogID)
          );
        const terminalMessage = hasStreamingBody
          ? "error; streaming body cannot be retried"
          : "error; no more retries left";
        throw (
          (loggerFor(this).info(
            `[${requestLogID}] connection ${isTimeout ? "timed out" : "failed"} - ${terminalMessage}`,
          ),
          loggerFor(this).debug(
            `[${requestLogID}] connection ${isTimeout ? "timed out" : "failed"} (${terminalMessage})`,
            formatRequestDetails({
              retryOfRequestLogID,
              url,
              durationMs: headersTime - startTime,
              message: response.message,
            }),
          ),
          response instanceof OAuthError || response instanceof SubjectTokenProviderError
            ? response
            : isTimeout
              ? new APIConnectionTimeoutError()
              : new APIConnectionError({ message: getConnectionErrorMessage(response), cause: response }))
        );
      }
      const specialHeaders = [...response.headers.entries()]
          .filter(([name]) => name === "x-request-id")
          .map(([name, value]) => ", " + name + ": " + JSON.stringify(value))
          .join(""),
        responseInfo = `[${requestLogID}${retryLogStr}${specialHeaders}] ${req.method} ${url} ${response.ok ? "succeeded" : "failed"} with status ${response.status} in ${headersTime - startTime}ms`;
      if (!response.ok) {
        if (
          response.status === 401 &&
          this._workloadIdentityAuth &&
          security.bearerAuth &&
          !options.__metadata?.hasStreamingBody &&
          !options.__metadata?.workloadIdentityTokenRefreshed
        )
          return (
            await CancelReadableStream(response.body),
            this._workloadIdentityAuth.invalidateToken(),
            this.makeRequest(
              { ...options, __metadata: { ...options.__metadata, workloadIdentityTokenRefreshed: !0 } },
              retriesRemaining,
              retryOfRequestLogID ?? requestLogID,
            )
          );
        const shouldRetry = await this.shouldRetry(response);
        if (retriesRemaining && shouldRetry && !hasStreamingBody) {
          const retryMessage2 = `retrying, ${retriesRemaining} attempts remaining`;
          return (
            await CancelReadableStream(response.body),
            loggerFor(this).info(`${responseInfo} - ${retryMessage2}`),
            loggerFor(this).debug(
              `[${requestLogID}] response error (${retryMessage2})`,
              formatRequestDetails({
                retryOfRequestLogID,
                url: response.url,
                status: response.status,
                headers: response.headers,
                durationMs: headersTime - startTime,
              }),
            ),
            this.retryRequest(options, retriesRemaining, retryOfRequestLogID ?? requestLogID, response.headers)
          );
        }
        const retryMessage = shouldRetry
          ? hasStreamingBody
            ? "error; streaming body cannot be retried"
            : "error; no more retries left"
          : "error; not retryable";
        loggerFor(this).info(`${responseInfo} - ${retryMessage}`);
        const errText = await response.text().catch((err2) => castToError(err2).message),
          errJSON = safeJSON(errText),
          errMessage = errJSON ? void 0 : errText;
        throw (
          (loggerFor(this).debug(
            `[${requestLogID}] response error (${retryMessage})`,
            formatRequestDetails({
              retryOfRequestLogID,
              url: response.url,
              status: response.status,
              headers: response.headers,
              message: errMessage,
              durationMs: Date.now() - startTime,
            }),
          ),
          this.makeStatusError(response.status, errJSON, errMessage, response.headers))
        );
      }
      return (
        loggerFor(this).info(responseInfo),
        loggerFor(this).debug(
          `[${requestLogID}] response start`,
          formatRequestDetails({
            retryOfRequestLogID,
            url: response.url,
            status: response.status,
            headers: response.headers,
            durationMs: headersTime - startTime,
          }),
        ),
        { response, options, controller, requestLogID, retryOfRequestLogID, startTime }
      );
    }
    getAPIList(path2, Page2, opts) {
      return this.requestAPIList(
        Page2,
        opts && "then" in opts
          ? opts.then((opts2) => ({ method: "get", path: path2, ...opts2 }))
          : { method: "get", path: path2, ...opts },
      );
    }
    requestAPIList(Page2, options) {
      const request = this.makeRequest(options, null, void 0);
      return new PagePromise(this, request, Page2);
    }
    async fetchWithAuth(url, init, timeout, controller, schemes = { bearerAuth: !0, adminAPIKeyAuth: !0 }) {
      if (this._workloadIdentityAuth && schemes.bearerAuth) {
        const headers = init.headers,
          authHeader = headers.get("Authorization");
        if (!authHeader || authHeader === `Bearer ${WORKLOAD_IDENTITY_API_KEY_PLACEHOLDER}`) {
          const token = await this._workloadIdentityAuth.getToken();
          headers.set("Authorization", `Bearer ${token}`);
        }
      }
      return await this.fetchWithTimeout(url, init, timeout, controller);
    }
    async fetchWithTimeout(url, init, ms, controller) {
      const { signal, method, ...options } = init || {},
        abort = this._makeAbort(controller);
      signal && signal.addEventListener("abort", abort, { once: !0 });
      const timeout = setTimeout(abort, ms),
        isReadableBody =
          (ReadableStream && options.body instanceof ReadableStream) ||
          (typeof options.body == "object" && options.body !== null && Symbol.asyncIterator in options.body),
        fetchOptions = {
          signal: controller.signal,
          ...(isReadableBody ? { duplex: "half" } : {}),
          method: "GET",
          ...options,
        };
      method && (fetchOptions.method = method.toUpperCase());
      try {
        return await this.fetch.call(void 0, url, fetchOptions);
      } finally {
        clearTimeout(timeout);
      }
    }
    async shouldRetry(response) {
      const shouldRetryHeader = response.headers.get("x-should-retry");
      return shouldRetryHeader === "true"
        ? !0
        : shouldRetryHeader === "false"
          ? !1
          : response.status === 408 || response.status === 409 || response.status === 429 || response.status >= 500;
    }
    async retryRequest(options, retriesRemaining, requestLogID, responseHeaders) {
      let timeoutMillis,
        retryAfterMillisHeader = responseHeaders?.get("retry-after-ms");
      if (retryAfterMillisHeader) {
        const timeoutMs = parseFloat(retryAfterMillisHeader);
        Number.isNaN(timeoutMs) || (timeoutMillis = timeoutMs);
      }
      const retryAfterHeader = responseHeaders?.get("retry-after");
      if (retryAfterHeader && !timeoutMillis) {
        const timeoutSeconds = parseFloat(retryAfterHeader);
        Number.isNaN(timeoutSeconds)
          ? (timeoutMillis = Date.parse(retryAfterHeader) - Date.now())
          : (timeoutMillis = timeoutSeconds * 1e3);
      }
      if (timeoutMillis === void 0) {
        const maxRetries = options.maxRetries ?? this.maxRetries;
        timeoutMillis = this.calculateDefaultRetryTimeoutMillis(retriesRemaining, maxRetries);
      }
      return await sleep(timeoutMillis), this.makeRequest(options, retriesRemaining - 1, requestLogID);
    }
    calculateDefaultRetryTimeoutMillis(retriesRemaining, maxRetries) {
      const numRetries = maxRetries - retriesRemaining,
        sleepSeconds = Math.min(0.5 * 2 ** numRetries, 8),
        jitter = 1 - Math.random() * 0.25;
      return sleepSeconds * jitter * 1e3;
    }
    async buildRequest(inputOptions, { retryCount = 0 } = {}) {
      const options = { ...inputOptions },
        { method, path: path2, query, defaultBaseURL } = options,
        url = this.buildURL(path2, query, defaultBaseURL);
      "timeout" in options && validatePositiveInteger("timeout", options.timeout),
        (options.timeout = options.timeout ?? this.timeout);
      const { bodyHeaders, body, isStreamingBody } = this.buildBody({ options });
      isStreamingBody && (inputOptions.__metadata = { ...inputOptions.__metadata, hasStreamingBody: !0 });
      const reqHeaders = await this.buildHeaders({ options: inputOptions, method, bodyHeaders, retryCount });
      return {
        req: {
          method,
          headers: reqHeaders,
          ...(options.signal && { signal: options.signal }),
          ...(ReadableStream && body instanceof ReadableStream && { duplex: "half" }),
          ...(body && { body }),
          ...(this.fetchOptions ?? {}),
          ...(options.fetchOptions ?? {}),
        },
        url,
        timeout: options.timeout,
      };
    }
    async buildHeaders({ options, method, bodyHeaders, retryCount }) {
      const idempotencyHeaders = {};
      this.idempotencyHeader &&
        method !== "get" &&
        (options.idempotencyKey || (options.idempotencyKey = this.defaultIdempotencyKey()),
        (idempotencyHeaders[this.idempotencyHeader] = options.idempotencyKey));
      const headers = buildHeaders([
        idempotencyHeaders,
        {
          Accept: "application/json",
          "User-Agent": this.getUserAgent(),
          "X-Stainless-Retry-Count": String(retryCount),
          ...(options.timeout ? { "X-Stainless-Timeout": String(Math.trunc(options.timeout / 1e3)) } : {}),
          ...getPlatformHeaders(),
          "OpenAI-Organization": this.organization,
          "OpenAI-Project": this.project,
        },
        this._provider ? void 0 : await this.authHeaders(options, options.__security ?? { bearerAuth: !0 }),
        this._options.defaultHeaders,
        bodyHeaders,
        options.headers,
      ]);
      return this._provider || this.validateHeaders(headers, options.__security ?? { bearerAuth: !0 }), headers.values;
    }
    _makeAbort(controller) {
      return () => controller.abort();
    }
    buildBody({ options }) {
      const { body, headers: rawHeaders } = options;
      if (!body)
        return body === void 0 && "body" in options
          ? {
              ...__classPrivateFieldGet(this, _OpenAI_encoder, "f").call(this, {
                body,
                headers: buildHeaders([rawHeaders]),
              }),
              isStreamingBody: !1,
            }
          : { bodyHeaders: void 0, body: void 0, isStreamingBody: !1 };
      const headers = buildHeaders([rawHeaders]),
        isReadableStream2 = typeof ReadableStream < "u" && body instanceof ReadableStream,
        isRetryableBody =
          !isReadableStream2 &&
          (typeof body == "string" ||
            body instanceof ArrayBuffer ||
            ArrayBuffer.isView(body) ||
            (typeof globalThis.Blob < "u" && body instanceof globalThis.Blob) ||
            body instanceof URLSearchParams ||
            body instanceof FormData);
      return ArrayBuffer.isView(body) ||
        body instanceof ArrayBuffer ||
        body instanceof DataView ||
        (typeof body == "string" && headers.values.has("content-type")) ||
        (globalThis.Blob && body instanceof globalThis.Blob) ||
        body instanceof FormData ||
        body instanceof URLSearchParams ||
        isReadableStream2
        ? { bodyHeaders: void 0, body, isStreamingBody: !isRetryableBody }
        : typeof body == "object" &&
            (Symbol.asyncIterator in body ||
              (Symbol.iterator in body && "next" in body && typeof body.next == "function"))
          ? { bodyHeaders: void 0, body: ReadableStreamFrom(body), isStreamingBody: !0 }
          : typeof body == "object" && headers.values.get("content-type") === "application/x-www-form-urlencoded"
            ? {
                bodyHeaders: { "content-type": "application/x-www-form-urlencoded" },
                body: this.stringifyQuery(body),
                isStreamingBody: !1,
              }
            : {
                ...__classPrivateFieldGet(this, _OpenAI_encoder, "f").call(this, { body, headers }),
                isStreamingBody: !1,
              };
    }
  };
(_a2 = OpenAI),
  (_OpenAI_encoder = new WeakMap()),
  (_OpenAI_instances = new WeakSet()),
  (_OpenAI_baseURLOverridden = function () {
    return this._provider !== void 0 || this.baseURL !== "https://api.openai.com/v1";
  });
OpenAI.OpenAI = _a2;
OpenAI.DEFAULT_TIMEOUT = 6e5;
OpenAI.OpenAIError = OpenAIError;
OpenAI.APIError = APIError;
OpenAI.APIConnectionError = APIConnectionError;
OpenAI.APIConnectionTimeoutError = APIConnectionTimeoutError;
OpenAI.APIUserAbortError = APIUserAbortError;
OpenAI.NotFoundError = NotFoundError;
OpenAI.ConflictError = ConflictError;
OpenAI.RateLimitError = RateLimitError;
OpenAI.BadRequestError = BadRequestError;
OpenAI.AuthenticationError = AuthenticationError;
OpenAI.InternalServerError = InternalServerError;
OpenAI.PermissionDeniedError = PermissionDeniedError;
OpenAI.UnprocessableEntityError = UnprocessableEntityError;
OpenAI.InvalidWebhookSignatureError = InvalidWebhookSignatureError;
OpenAI.toFile = toFile;
OpenAI.toStreamingFile = toStreamingFile;
OpenAI.Completions = Completions2;
OpenAI.Chat = Chat;
OpenAI.Embeddings = Embeddings;
OpenAI.Files = Files2;
OpenAI.Images = Images;
OpenAI.Audio = Audio;
OpenAI.Moderations = Moderations;
OpenAI.Models = Models;
OpenAI.FineTuning = FineTuning;
OpenAI.Graders = Graders2;
OpenAI.VectorStores = VectorStores;
OpenAI.Webhooks = Webhooks;
OpenAI.Beta = Beta;
OpenAI.Batches = Batches;
OpenAI.Uploads = Uploads;
OpenAI.Admin = Admin;
OpenAI.Responses = Responses2;
OpenAI.Realtime = Realtime2;
OpenAI.Conversations = Conversations;
OpenAI.Evals = Evals;
OpenAI.Containers = Containers;
OpenAI.Skills = Skills;
OpenAI.Videos = Videos;
function getConnectionErrorMessage(error) {
  if (isUndiciDispatcherVersionMismatchError(error))
    return "Connection error. This may be caused by passing an undici dispatcher, such as ProxyAgent, that is incompatible with the fetch implementation. If you are using undici's ProxyAgent, pass the fetch implementation from the same undici package: import { fetch, ProxyAgent } from 'undici'; new OpenAI({ fetch, fetchOptions: { dispatcher: new ProxyAgent(...) } });";
}
function isUndiciDispatcherVersionMismatchError(error) {
  let current = error;
  for (let i = 0; i < 8 && current && typeof current == "object"; i++) {
    const err = current;
    if (
      err.code === "UND_ERR_INVALID_ARG" &&
      typeof err.message == "string" &&
      err.message.includes("invalid onRequestStart method")
    )
      return !0;
    current = err.cause;
  }
  return !1;
}
var AzureOpenAI = class extends OpenAI {
    constructor({
      baseURL = readEnv("OPENAI_BASE_URL"),
      apiKey = readEnv("AZURE_OPENAI_API_KEY"),
      apiVersion = readEnv("OPENAI_API_VERSION"),
      endpoint,
      deployment,
      azureADTokenProvider,
      dangerouslyAllowBrowser,
      ...opts
    } = {}) {
      if (!apiVersion)
        throw new OpenAIError(
          "The OPENAI_API_VERSION environment variable is missing or empty; either provide it, or instantiate the AzureOpenAI client with an apiVersion option, like new AzureOpenAI({ apiVersion: 'My API Version' }).",
        );
      if (
        (typeof azureADTokenProvider == "function" && (dangerouslyAllowBrowser = !0), !azureADTokenProvider && !apiKey)
      )
        throw new OpenAIError(
          "Missing credentials. Please pass one of `apiKey` and `azureADTokenProvider`, or set the `AZURE_OPENAI_API_KEY` environment variable.",
        );
      if (azureADTokenProvider && apiKey)
        throw new OpenAIError(
          "The `apiKey` and `azureADTokenProvider` arguments are mutually exclusive; only one can be passed at a time.",
        );
      if (((opts.defaultQuery = { ...opts.defaultQuery, "api-version": apiVersion }), baseURL)) {
        if (endpoint) throw new OpenAIError("baseURL and endpoint are mutually exclusive");
      } else {
        if ((endpoint || (endpoint = process.env.AZURE_OPENAI_ENDPOINT), !endpoint))
          throw new OpenAIError(
            "Must provide one of the `baseURL` or `endpoint` arguments, or the `AZURE_OPENAI_ENDPOINT` environment variable",
          );
        let endpointEnd = endpoint.length;
        for (; endpointEnd > 0 && endpoint[endpointEnd - 1] === "/"; ) endpointEnd--;
        baseURL = `${endpoint.slice(0, endpointEnd)}/openai`;
      }
      super({
        apiKey: azureADTokenProvider ?? apiKey,
        baseURL,
        ...opts,
        ...(dangerouslyAllowBrowser !== void 0 ? { dangerouslyAllowBrowser } : {}),
      }),
        (this.apiVersion = ""),
        (this.apiVersion = apiVersion),
        (this.deploymentName = deployment);
    }
    async buildRequest(options, props = {}) {
      if (_deployments_endpoints.has(options.path) && options.method === "post" && options.body !== void 0) {
        if (!isObj(options.body)) throw new Error("Expected request body to be an object");
        const model = this.deploymentName || options.body.model || options.__metadata?.model;
        model !== void 0 &&
          !this.baseURL.includes("/deployments") &&
          (options.path = `/deployments/${model}${options.path}`);
      }
      return super.buildRequest(options, props);
    }
    async authHeaders(opts, schemes) {
      const security = schemes ?? { bearerAuth: !0, adminAPIKeyAuth: !0 };
      return security.bearerAuth && typeof this._options.apiKey == "string"
        ? buildHeaders([{ "api-key": this.apiKey }])
        : super.authHeaders(opts, security);
    }
  },
  _deployments_endpoints = new Set([
    "/completions",
    "/chat/completions",
    "/embeddings",
    "/audio/transcriptions",
    "/audio/translations",
    "/audio/speech",
    "/images/generations",
    "/batches",
    "/images/edits",
  ]);
function deriveBedrockBaseURL(awsRegion) {
  const region = awsRegion?.trim();
  if (!region)
    throw new OpenAIError(
      "Must provide one of the `baseURL` or `awsRegion` arguments, or set the `AWS_BEDROCK_BASE_URL`, `AWS_REGION`, or `AWS_DEFAULT_REGION` environment variable.",
    );
  return `https://bedrock-mantle.${region}.api.aws/openai/v1`;
}
function normalizeBedrockBaseURL(baseURL) {
  const url = new URL(baseURL),
    responsesMatch = url.pathname.match(/\/responses(?:\/.*)?$/);
  return (
    responsesMatch?.index !== void 0 && (url.pathname = url.pathname.slice(0, responsesMatch.index) || "/"),
    url.toString().replace(/\/$/, "")
  );
}
function addBedrockOutputText(response) {
  return Object.getOwnPropertyDescriptor(response, "output_text") || addOutputText(response), response;
}
function restoreBedrockStreamOutputText(responses) {
  const stream = responses.stream.bind(responses);
  return (
    (responses.stream = (body, options) => {
      const responseStream = stream(body, options),
        finalResponse = responseStream.finalResponse.bind(responseStream);
      return (responseStream.finalResponse = async () => addBedrockOutputText(await finalResponse())), responseStream;
    }),
    responses
  );
}
var BedrockOpenAI = class extends OpenAI {
  constructor({
    baseURL = readEnv("AWS_BEDROCK_BASE_URL"),
    apiKey,
    awsRegion = readEnv("AWS_REGION") ?? readEnv("AWS_DEFAULT_REGION"),
    bedrockTokenProvider,
    adminAPIKey,
    workloadIdentity,
    ...opts
  } = {}) {
    if (adminAPIKey || workloadIdentity)
      throw new OpenAIError("BedrockOpenAI only supports Bedrock bearer token authentication.");
    if (
      (apiKey === void 0 && !bedrockTokenProvider && (apiKey = readEnv("AWS_BEARER_TOKEN_BEDROCK") ?? null),
      typeof apiKey == "function")
    )
      throw new OpenAIError("Pass refreshable Bedrock credentials via `bedrockTokenProvider`, not `apiKey`.");
    if (apiKey && bedrockTokenProvider)
      throw new OpenAIError(
        "The `apiKey` and `bedrockTokenProvider` arguments are mutually exclusive; only one can be passed at a time.",
      );
    if (!apiKey && !bedrockTokenProvider)
      throw new OpenAIError(
        "Missing credentials. Please pass an `apiKey` or `bedrockTokenProvider`, or set the `AWS_BEARER_TOKEN_BEDROCK` environment variable.",
      );
    const configuredBaseURL = baseURL?.trim() ? baseURL : deriveBedrockBaseURL(awsRegion);
    super({
      apiKey: bedrockTokenProvider ?? apiKey,
      adminAPIKey: null,
      baseURL: normalizeBedrockBaseURL(configuredBaseURL),
      ...opts,
    }),
      (this.bedrockTokenProvider = bedrockTokenProvider),
      (this.responses = restoreBedrockStreamOutputText(new Responses2(this)));
  }
  async prepareOptions(options) {
    const security = options.__security ?? { bearerAuth: !0 };
    security.adminAPIKeyAuth && !security.bearerAuth && (await this._callApiKey()), await super.prepareOptions(options);
  }
  async authHeaders(opts, schemes) {
    const security = schemes ?? { bearerAuth: !0, adminAPIKeyAuth: !0 };
    return (security.bearerAuth || security.adminAPIKeyAuth) && this.apiKey !== null
      ? buildHeaders([{ Authorization: `Bearer ${this.apiKey}` }])
      : super.authHeaders(opts, security);
  }
  withOptions(options) {
    const bedrockTokenProvider =
      options.apiKey !== void 0 ? void 0 : (options.bedrockTokenProvider ?? this.bedrockTokenProvider);
    return super.withOptions({ ...options, ...(bedrockTokenProvider ? { apiKey: void 0, bedrockTokenProvider } : {}) });
  }
};
export {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIPromise,
  APIUserAbortError,
  AuthenticationError,
  AzureOpenAI,
  BadRequestError,
  BedrockOpenAI,
  ConflictError,
  InternalServerError,
  InvalidWebhookSignatureError,
  NotFoundError,
  OAuthError,
  OpenAI,
  OpenAI as default,
  OpenAIError,
  PagePromise,
  PermissionDeniedError,
  RateLimitError,
  SubjectTokenProviderError,
  toFile,
  toStreamingFile,
  UnprocessableEntityError,
};
//# sourceMappingURL=openai-SI2VUQUN.js.map
