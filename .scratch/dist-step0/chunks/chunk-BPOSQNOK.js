#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { __export } from "./chunk-GZ7VATWC.js";
var external_exports = {};
__export(external_exports, {
  $brand: () => $brand,
  $input: () => $input,
  $output: () => $output,
  INVALID: () => INVALID,
  NEVER: () => NEVER,
  TimePrecision: () => TimePrecision,
  ZodAny: () => ZodAny,
  ZodArray: () => ZodArray,
  ZodBase64: () => ZodBase64,
  ZodBase64URL: () => ZodBase64URL,
  ZodBigInt: () => ZodBigInt,
  ZodBigIntFormat: () => ZodBigIntFormat,
  ZodBoolean: () => ZodBoolean,
  ZodCIDRv4: () => ZodCIDRv4,
  ZodCIDRv6: () => ZodCIDRv6,
  ZodCUID: () => ZodCUID,
  ZodCUID2: () => ZodCUID2,
  ZodCatch: () => ZodCatch,
  ZodCodec: () => ZodCodec,
  ZodCompileAsyncError: () => ZodCompileAsyncError,
  ZodCompileUnsupportedError: () => ZodCompileUnsupportedError,
  ZodCreditCard: () => ZodCreditCard,
  ZodCustom: () => ZodCustom,
  ZodCustomStringFormat: () => ZodCustomStringFormat,
  ZodDate: () => ZodDate,
  ZodDefault: () => ZodDefault,
  ZodDiscriminatedUnion: () => ZodDiscriminatedUnion,
  ZodE164: () => ZodE164,
  ZodEmail: () => ZodEmail,
  ZodEmoji: () => ZodEmoji,
  ZodEnum: () => ZodEnum,
  ZodError: () => ZodError,
  ZodExactOptional: () => ZodExactOptional,
  ZodFile: () => ZodFile,
  ZodFirstPartyTypeKind: () => ZodFirstPartyTypeKind,
  ZodFunction: () => ZodFunction,
  ZodGUID: () => ZodGUID,
  ZodIBAN: () => ZodIBAN,
  ZodIPv4: () => ZodIPv4,
  ZodIPv6: () => ZodIPv6,
  ZodISODate: () => ZodISODate,
  ZodISODateTime: () => ZodISODateTime,
  ZodISODuration: () => ZodISODuration,
  ZodISOTime: () => ZodISOTime,
  ZodInstanceOf: () => ZodInstanceOf,
  ZodIntersection: () => ZodIntersection,
  ZodIssueCode: () => ZodIssueCode,
  ZodJWT: () => ZodJWT,
  ZodKSUID: () => ZodKSUID,
  ZodLazy: () => ZodLazy,
  ZodLiteral: () => ZodLiteral,
  ZodMAC: () => ZodMAC,
  ZodMap: () => ZodMap,
  ZodNaN: () => ZodNaN,
  ZodNanoID: () => ZodNanoID,
  ZodNever: () => ZodNever,
  ZodNonOptional: () => ZodNonOptional,
  ZodNull: () => ZodNull,
  ZodNullable: () => ZodNullable,
  ZodNumber: () => ZodNumber,
  ZodNumberFormat: () => ZodNumberFormat,
  ZodObject: () => ZodObject,
  ZodOptional: () => ZodOptional,
  ZodPipe: () => ZodPipe,
  ZodPrefault: () => ZodPrefault,
  ZodPreprocess: () => ZodPreprocess,
  ZodPromise: () => ZodPromise,
  ZodReadonly: () => ZodReadonly,
  ZodRealError: () => ZodRealError,
  ZodRecord: () => ZodRecord,
  ZodSet: () => ZodSet,
  ZodString: () => ZodString,
  ZodStringFormat: () => ZodStringFormat,
  ZodSuccess: () => ZodSuccess,
  ZodSymbol: () => ZodSymbol,
  ZodTemplateLiteral: () => ZodTemplateLiteral,
  ZodTransform: () => ZodTransform,
  ZodTuple: () => ZodTuple,
  ZodType: () => ZodType,
  ZodULID: () => ZodULID,
  ZodURL: () => ZodURL,
  ZodUUID: () => ZodUUID,
  ZodUndefined: () => ZodUndefined,
  ZodUnion: () => ZodUnion,
  ZodUnknown: () => ZodUnknown,
  ZodVoid: () => ZodVoid,
  ZodXID: () => ZodXID,
  ZodXor: () => ZodXor,
  _ZodString: () => _ZodString,
  _default: () => _default2,
  _function: () => _function,
  any: () => any,
  array: () => array,
  base64: () => base642,
  base64url: () => base64url2,
  bigint: () => bigint2,
  boolean: () => boolean2,
  catch: () => _catch2,
  check: () => check,
  cidrv4: () => cidrv42,
  cidrv6: () => cidrv62,
  clone: () => clone,
  codec: () => codec,
  coerce: () => coerce_exports,
  compile: () => compile,
  config: () => config,
  core: () => core_exports2,
  creditCard: () => creditCard2,
  cuid: () => cuid3,
  cuid2: () => cuid22,
  currencyCode: () => currencyCode2,
  custom: () => custom,
  date: () => date2,
  decode: () => decode2,
  decodeAsync: () => decodeAsync2,
  deepPartial: () => deepPartial,
  describe: () => describe2,
  discriminatedUnion: () => discriminatedUnion,
  e164: () => e1642,
  email: () => email2,
  emoji: () => emoji2,
  encode: () => encode2,
  encodeAsync: () => encodeAsync2,
  endsWith: () => _endsWith,
  enum: () => _enum2,
  exactOptional: () => exactOptional,
  file: () => file,
  flattenError: () => flattenError,
  float32: () => float32,
  float64: () => float64,
  formatError: () => formatError,
  fromJSONSchema: () => fromJSONSchema,
  function: () => _function,
  getDiscriminatedOption: () => getDiscriminatedOption,
  getErrorMap: () => getErrorMap,
  globalRegistry: () => globalRegistry,
  gt: () => _gt,
  gte: () => _gte,
  guid: () => guid2,
  hash: () => hash,
  hex: () => hex2,
  hostname: () => hostname2,
  httpUrl: () => httpUrl,
  iban: () => iban2,
  includes: () => _includes,
  input: () => input,
  instanceof: () => _instanceof,
  int: () => int,
  int32: () => int32,
  int64: () => int64,
  intersection: () => intersection,
  invertCodec: () => invertCodec,
  ipv4: () => ipv42,
  ipv6: () => ipv62,
  iso: () => iso_exports,
  json: () => json,
  jwt: () => jwt,
  keyof: () => keyof,
  ksuid: () => ksuid2,
  lazy: () => lazy,
  length: () => _length,
  literal: () => literal,
  locales: () => en_exports,
  looseObject: () => looseObject,
  looseRecord: () => looseRecord,
  lowercase: () => _lowercase,
  lt: () => _lt,
  lte: () => _lte,
  mac: () => mac2,
  map: () => map,
  maxLength: () => _maxLength,
  maxSize: () => _maxSize,
  memoizer: () => memoizer,
  meta: () => meta2,
  mime: () => _mime,
  minLength: () => _minLength,
  minSize: () => _minSize,
  multipleOf: () => _multipleOf,
  nan: () => nan,
  nanoid: () => nanoid2,
  nativeEnum: () => nativeEnum,
  negative: () => _negative,
  never: () => never,
  nonnegative: () => _nonnegative,
  nonoptional: () => nonoptional,
  nonpositive: () => _nonpositive,
  normalize: () => _normalize,
  null: () => _null3,
  nullable: () => nullable,
  nullish: () => nullish2,
  number: () => number2,
  object: () => object,
  optional: () => optional,
  output: () => output,
  overwrite: () => _overwrite,
  parse: () => parse2,
  parseAsync: () => parseAsync2,
  partialRecord: () => partialRecord,
  pipe: () => pipe,
  positive: () => _positive,
  prefault: () => prefault,
  preprocess: () => preprocess,
  prettifyError: () => prettifyError,
  promise: () => promise,
  properties: () => _properties,
  property: () => _property,
  readonly: () => readonly,
  record: () => record,
  refine: () => refine,
  regex: () => _regex,
  regexes: () => regexes_exports,
  registry: () => registry,
  safeDecode: () => safeDecode2,
  safeDecodeAsync: () => safeDecodeAsync2,
  safeEncode: () => safeEncode2,
  safeEncodeAsync: () => safeEncodeAsync2,
  safeParse: () => safeParse2,
  safeParseAsync: () => safeParseAsync2,
  set: () => set,
  setErrorMap: () => setErrorMap,
  size: () => _size,
  slugify: () => _slugify,
  startsWith: () => _startsWith,
  strictObject: () => strictObject,
  string: () => string2,
  stringFormat: () => stringFormat,
  stringbool: () => stringbool,
  success: () => success,
  superRefine: () => superRefine,
  symbol: () => symbol,
  templateLiteral: () => templateLiteral,
  toJSONSchema: () => toJSONSchema,
  toLowerCase: () => _toLowerCase,
  toUpperCase: () => _toUpperCase,
  toZod: () => toZod,
  transform: () => transform,
  treeifyError: () => treeifyError,
  trim: () => _trim,
  tuple: () => tuple,
  uint32: () => uint32,
  uint64: () => uint64,
  ulid: () => ulid2,
  undefined: () => _undefined3,
  union: () => union,
  unknown: () => unknown,
  uppercase: () => _uppercase,
  url: () => url,
  util: () => util_exports,
  uuid: () => uuid2,
  uuidv4: () => uuidv4,
  uuidv6: () => uuidv6,
  uuidv7: () => uuidv7,
  validate: () => validate,
  validateAsync: () => validateAsync,
  void: () => _void2,
  withParser: () => withParser,
  xid: () => xid2,
  xor: () => xor,
});
var core_exports2 = {};
__export(core_exports2, {
  $ZodAny: () => $ZodAny,
  $ZodArray: () => $ZodArray,
  $ZodAsyncError: () => $ZodAsyncError,
  $ZodBase64: () => $ZodBase64,
  $ZodBase64URL: () => $ZodBase64URL,
  $ZodBigInt: () => $ZodBigInt,
  $ZodBigIntFormat: () => $ZodBigIntFormat,
  $ZodBoolean: () => $ZodBoolean,
  $ZodCIDRv4: () => $ZodCIDRv4,
  $ZodCIDRv6: () => $ZodCIDRv6,
  $ZodCUID: () => $ZodCUID,
  $ZodCUID2: () => $ZodCUID2,
  $ZodCatch: () => $ZodCatch,
  $ZodCheck: () => $ZodCheck,
  $ZodCheckBigIntFormat: () => $ZodCheckBigIntFormat,
  $ZodCheckEndsWith: () => $ZodCheckEndsWith,
  $ZodCheckGreaterThan: () => $ZodCheckGreaterThan,
  $ZodCheckIncludes: () => $ZodCheckIncludes,
  $ZodCheckLengthEquals: () => $ZodCheckLengthEquals,
  $ZodCheckLessThan: () => $ZodCheckLessThan,
  $ZodCheckLowerCase: () => $ZodCheckLowerCase,
  $ZodCheckMaxLength: () => $ZodCheckMaxLength,
  $ZodCheckMaxSize: () => $ZodCheckMaxSize,
  $ZodCheckMimeType: () => $ZodCheckMimeType,
  $ZodCheckMinLength: () => $ZodCheckMinLength,
  $ZodCheckMinSize: () => $ZodCheckMinSize,
  $ZodCheckMultipleOf: () => $ZodCheckMultipleOf,
  $ZodCheckNumberFormat: () => $ZodCheckNumberFormat,
  $ZodCheckOverwrite: () => $ZodCheckOverwrite,
  $ZodCheckProperties: () => $ZodCheckProperties,
  $ZodCheckProperty: () => $ZodCheckProperty,
  $ZodCheckRegex: () => $ZodCheckRegex,
  $ZodCheckSizeEquals: () => $ZodCheckSizeEquals,
  $ZodCheckStartsWith: () => $ZodCheckStartsWith,
  $ZodCheckStringFormat: () => $ZodCheckStringFormat,
  $ZodCheckUpperCase: () => $ZodCheckUpperCase,
  $ZodCodec: () => $ZodCodec,
  $ZodCreditCard: () => $ZodCreditCard,
  $ZodCustom: () => $ZodCustom,
  $ZodCustomStringFormat: () => $ZodCustomStringFormat,
  $ZodCyclicError: () => $ZodCyclicError,
  $ZodDate: () => $ZodDate,
  $ZodDefault: () => $ZodDefault,
  $ZodDiscriminatedUnion: () => $ZodDiscriminatedUnion,
  $ZodE164: () => $ZodE164,
  $ZodEmail: () => $ZodEmail,
  $ZodEmoji: () => $ZodEmoji,
  $ZodEncodeError: () => $ZodEncodeError,
  $ZodEnum: () => $ZodEnum,
  $ZodError: () => $ZodError,
  $ZodExactOptional: () => $ZodExactOptional,
  $ZodFile: () => $ZodFile,
  $ZodFunction: () => $ZodFunction,
  $ZodGUID: () => $ZodGUID,
  $ZodIBAN: () => $ZodIBAN,
  $ZodIPv4: () => $ZodIPv4,
  $ZodIPv6: () => $ZodIPv6,
  $ZodISODate: () => $ZodISODate,
  $ZodISODateTime: () => $ZodISODateTime,
  $ZodISODuration: () => $ZodISODuration,
  $ZodISOTime: () => $ZodISOTime,
  $ZodIntersection: () => $ZodIntersection,
  $ZodJWT: () => $ZodJWT,
  $ZodKSUID: () => $ZodKSUID,
  $ZodLazy: () => $ZodLazy,
  $ZodLiteral: () => $ZodLiteral,
  $ZodMAC: () => $ZodMAC,
  $ZodMap: () => $ZodMap,
  $ZodNaN: () => $ZodNaN,
  $ZodNanoID: () => $ZodNanoID,
  $ZodNever: () => $ZodNever,
  $ZodNonOptional: () => $ZodNonOptional,
  $ZodNull: () => $ZodNull,
  $ZodNullable: () => $ZodNullable,
  $ZodNumber: () => $ZodNumber,
  $ZodNumberFormat: () => $ZodNumberFormat,
  $ZodObject: () => $ZodObject,
  $ZodObjectJIT: () => $ZodObjectJIT,
  $ZodOptional: () => $ZodOptional,
  $ZodPipe: () => $ZodPipe,
  $ZodPrefault: () => $ZodPrefault,
  $ZodPreprocess: () => $ZodPreprocess,
  $ZodPromise: () => $ZodPromise,
  $ZodReadonly: () => $ZodReadonly,
  $ZodRealError: () => $ZodRealError,
  $ZodRecord: () => $ZodRecord,
  $ZodRegistry: () => $ZodRegistry,
  $ZodSet: () => $ZodSet,
  $ZodString: () => $ZodString,
  $ZodStringFormat: () => $ZodStringFormat,
  $ZodSuccess: () => $ZodSuccess,
  $ZodSymbol: () => $ZodSymbol,
  $ZodTemplateLiteral: () => $ZodTemplateLiteral,
  $ZodTransform: () => $ZodTransform,
  $ZodTuple: () => $ZodTuple,
  $ZodType: () => $ZodType,
  $ZodULID: () => $ZodULID,
  $ZodURL: () => $ZodURL,
  $ZodUUID: () => $ZodUUID,
  $ZodUndefined: () => $ZodUndefined,
  $ZodUnion: () => $ZodUnion,
  $ZodUnknown: () => $ZodUnknown,
  $ZodVoid: () => $ZodVoid,
  $ZodXID: () => $ZodXID,
  $ZodXor: () => $ZodXor,
  $brand: () => $brand,
  $constructor: () => $constructor,
  $input: () => $input,
  $output: () => $output,
  Doc: () => Doc,
  INVALID: () => INVALID,
  JSONSchema: () => json_schema_exports,
  JSONSchemaGenerator: () => JSONSchemaGenerator,
  NEVER: () => NEVER,
  TimePrecision: () => TimePrecision,
  URL_BAD_FORMAT: () => URL_BAD_FORMAT,
  URL_UNPARSEABLE: () => URL_UNPARSEABLE,
  ZodCompileAsyncError: () => ZodCompileAsyncError,
  ZodCompileUnsupportedError: () => ZodCompileUnsupportedError,
  _any: () => _any,
  _array: () => _array,
  _base64: () => _base64,
  _base64url: () => _base64url,
  _bigint: () => _bigint,
  _boolean: () => _boolean,
  _catch: () => _catch,
  _check: () => _check,
  _cidrv4: () => _cidrv4,
  _cidrv6: () => _cidrv6,
  _coercedBigint: () => _coercedBigint,
  _coercedBoolean: () => _coercedBoolean,
  _coercedDate: () => _coercedDate,
  _coercedNumber: () => _coercedNumber,
  _coercedString: () => _coercedString,
  _creditCard: () => _creditCard,
  _cuid: () => _cuid,
  _cuid2: () => _cuid2,
  _custom: () => _custom,
  _date: () => _date,
  _decode: () => _decode,
  _decodeAsync: () => _decodeAsync,
  _default: () => _default,
  _discriminatedUnion: () => _discriminatedUnion,
  _e164: () => _e164,
  _email: () => _email,
  _emoji: () => _emoji2,
  _encode: () => _encode,
  _encodeAsync: () => _encodeAsync,
  _endsWith: () => _endsWith,
  _enum: () => _enum,
  _file: () => _file,
  _float32: () => _float32,
  _float64: () => _float64,
  _gt: () => _gt,
  _gte: () => _gte,
  _guid: () => _guid,
  _iban: () => _iban,
  _includes: () => _includes,
  _int: () => _int,
  _int32: () => _int32,
  _int64: () => _int64,
  _intersection: () => _intersection,
  _ipv4: () => _ipv4,
  _ipv6: () => _ipv6,
  _isoDate: () => _isoDate,
  _isoDateTime: () => _isoDateTime,
  _isoDuration: () => _isoDuration,
  _isoTime: () => _isoTime,
  _jwt: () => _jwt,
  _ksuid: () => _ksuid,
  _lazy: () => _lazy,
  _length: () => _length,
  _literal: () => _literal,
  _lowercase: () => _lowercase,
  _lt: () => _lt,
  _lte: () => _lte,
  _mac: () => _mac,
  _map: () => _map,
  _max: () => _lte,
  _maxLength: () => _maxLength,
  _maxSize: () => _maxSize,
  _mime: () => _mime,
  _min: () => _gte,
  _minLength: () => _minLength,
  _minSize: () => _minSize,
  _multipleOf: () => _multipleOf,
  _nan: () => _nan,
  _nanoid: () => _nanoid,
  _nativeEnum: () => _nativeEnum,
  _negative: () => _negative,
  _never: () => _never,
  _nonnegative: () => _nonnegative,
  _nonoptional: () => _nonoptional,
  _nonpositive: () => _nonpositive,
  _normalize: () => _normalize,
  _null: () => _null2,
  _nullable: () => _nullable,
  _number: () => _number,
  _optional: () => _optional,
  _overwrite: () => _overwrite,
  _parse: () => _parse,
  _parseAsync: () => _parseAsync,
  _pipe: () => _pipe,
  _positive: () => _positive,
  _promise: () => _promise,
  _properties: () => _properties,
  _property: () => _property,
  _readonly: () => _readonly,
  _record: () => _record,
  _refine: () => _refine,
  _regex: () => _regex,
  _safeDecode: () => _safeDecode,
  _safeDecodeAsync: () => _safeDecodeAsync,
  _safeEncode: () => _safeEncode,
  _safeEncodeAsync: () => _safeEncodeAsync,
  _safeParse: () => _safeParse,
  _safeParseAsync: () => _safeParseAsync,
  _set: () => _set,
  _size: () => _size,
  _slugify: () => _slugify,
  _startsWith: () => _startsWith,
  _string: () => _string,
  _stringFormat: () => _stringFormat,
  _stringbool: () => _stringbool,
  _success: () => _success,
  _superRefine: () => _superRefine,
  _symbol: () => _symbol,
  _templateLiteral: () => _templateLiteral,
  _toLowerCase: () => _toLowerCase,
  _toUpperCase: () => _toUpperCase,
  _transform: () => _transform,
  _trim: () => _trim,
  _tuple: () => _tuple,
  _uint32: () => _uint32,
  _uint64: () => _uint64,
  _ulid: () => _ulid,
  _undefined: () => _undefined2,
  _union: () => _union,
  _unknown: () => _unknown,
  _uppercase: () => _uppercase,
  _url: () => _url,
  _uuid: () => _uuid,
  _uuidv4: () => _uuidv4,
  _uuidv6: () => _uuidv6,
  _uuidv7: () => _uuidv7,
  _void: () => _void,
  _xid: () => _xid,
  _xor: () => _xor,
  base64Charset: () => base64Charset,
  base64urlCharset: () => base64urlCharset,
  canParseURL: () => canParseURL,
  clone: () => clone,
  compile: () => compile,
  compileFn: () => compileFn,
  config: () => config,
  createStandardJSONSchemaMethod: () => createStandardJSONSchemaMethod,
  createToJSONSchemaMethod: () => createToJSONSchemaMethod,
  decode: () => decode,
  decodeAsync: () => decodeAsync,
  describe: () => describe,
  encode: () => encode,
  encodeAsync: () => encodeAsync,
  extractDefs: () => extractDefs,
  finalize: () => finalize,
  flattenError: () => flattenError,
  formatError: () => formatError,
  getDiscriminatedOption: () => getDiscriminatedOption,
  globalConfig: () => globalConfig,
  globalRegistry: () => globalRegistry,
  handleUnrepresentable: () => handleUnrepresentable,
  initializeContext: () => initializeContext,
  isBackEdge: () => isBackEdge,
  isRecursiveSchema: () => isRecursiveSchema,
  isValidBase64: () => isValidBase64,
  isValidBase64URL: () => isValidBase64URL,
  isValidCIDRv6: () => isValidCIDRv6,
  isValidCreditCard: () => isValidCreditCard,
  isValidIBAN: () => isValidIBAN,
  isValidIPv6: () => isValidIPv6,
  isValidJWT: () => isValidJWT,
  locales: () => en_exports,
  memoizer: () => memoizer,
  mergeValues: () => mergeValues,
  meta: () => meta,
  parse: () => parse,
  parseAsync: () => parseAsync,
  parseURLObject: () => parseURLObject,
  prettifyError: () => prettifyError,
  process: () => processSchema,
  processSchema: () => processSchema,
  regexes: () => regexes_exports,
  registry: () => registry,
  safeDecode: () => safeDecode,
  safeDecodeAsync: () => safeDecodeAsync,
  safeEncode: () => safeEncode,
  safeEncodeAsync: () => safeEncodeAsync,
  safeParse: () => safeParse,
  safeParseAsync: () => safeParseAsync,
  standardProps: () => standardProps,
  stripTabAndNewline: () => stripTabAndNewline,
  toDotPath: () => toDotPath,
  toJSONSchema: () => toJSONSchema,
  toZod: () => toZod,
  treeifyError: () => treeifyError,
  urlHostnameOk: () => urlHostnameOk,
  urlProtocolOk: () => urlProtocolOk,
  util: () => util_exports,
  validate: () => validate,
  validateAsync: () => validateAsync,
  validateURL: () => validateURL,
  version: () => version,
  withParser: () => withParser,
});
var util_exports = {};
__export(util_exports, {
  BIGINT_FORMAT_RANGES: () => BIGINT_FORMAT_RANGES,
  CONSTANT_CATCH: () => CONSTANT_CATCH,
  Class: () => Class,
  NUMBER_FORMAT_RANGES: () => NUMBER_FORMAT_RANGES,
  aborted: () => aborted,
  allowsEval: () => allowsEval,
  assert: () => assert,
  assertEqual: () => assertEqual,
  assertIs: () => assertIs,
  assertNever: () => assertNever,
  assertNotEqual: () => assertNotEqual,
  assignProp: () => assignProp,
  attachSchema: () => attachSchema,
  base64ToUint8Array: () => base64ToUint8Array,
  base64urlToUint8Array: () => base64urlToUint8Array,
  cached: () => cached,
  captureStackTrace: () => captureStackTrace,
  cleanEnum: () => cleanEnum,
  cleanRegex: () => cleanRegex,
  clone: () => clone,
  cloneDef: () => cloneDef,
  codePointLength: () => codePointLength,
  constantCatch: () => constantCatch,
  createTransparentProxy: () => createTransparentProxy,
  defineLazy: () => defineLazy,
  defineLazyInternal: () => defineLazyInternal,
  derived: () => derived,
  esc: () => esc,
  escapeRegex: () => escapeRegex,
  explicitlyAborted: () => explicitlyAborted,
  extend: () => extend,
  finalizeIssue: () => finalizeIssue,
  floatSafeRemainder: () => floatSafeRemainder,
  getElementAtPath: () => getElementAtPath,
  getEnumValues: () => getEnumValues,
  getLengthableOrigin: () => getLengthableOrigin,
  getParsedType: () => getParsedType,
  getSizableOrigin: () => getSizableOrigin,
  hexToUint8Array: () => hexToUint8Array,
  hide: () => hide,
  installLazyProp: () => installLazyProp,
  isObject: () => isObject,
  isPlainObject: () => isPlainObject,
  issue: () => issue,
  joinValues: () => joinValues,
  jsonStringifyReplacer: () => jsonStringifyReplacer,
  members: () => members,
  merge: () => merge,
  mergeDefs: () => mergeDefs,
  normalizeParams: () => normalizeParams,
  nullish: () => nullish,
  numKeys: () => numKeys,
  objectClone: () => objectClone,
  omit: () => omit,
  optionalKeys: () => optionalKeys,
  own: () => own,
  parsedType: () => parsedType,
  partial: () => partial,
  pick: () => pick,
  prefixIssues: () => prefixIssues,
  primitiveTypes: () => primitiveTypes,
  promiseAllObject: () => promiseAllObject,
  propertyKeyTypes: () => propertyKeyTypes,
  randomString: () => randomString,
  rawShape: () => rawShape,
  required: () => required,
  safeExtend: () => safeExtend,
  shallowClone: () => shallowClone,
  sizeCaps: () => sizeCaps,
  slugify: () => slugify,
  stringifyPrimitive: () => stringifyPrimitive,
  toZod: () => toZod,
  uint8ArrayToBase64: () => uint8ArrayToBase64,
  uint8ArrayToBase64url: () => uint8ArrayToBase64url,
  uint8ArrayToHex: () => uint8ArrayToHex,
  unwrapMessage: () => unwrapMessage,
});
function assertEqual(val) {
  return val;
}
function assertNotEqual(val) {
  return val;
}
function toZod() {
  return (schema) => schema;
}
function assertIs(_arg) {}
function assertNever(_x) {
  throw new Error("Unexpected value in exhaustive check");
}
function assert(_) {}
function getEnumValues(entries) {
  const numericValues = Object.values(entries).filter((v) => typeof v == "number");
  return Object.entries(entries)
    .filter(([k, _]) => numericValues.indexOf(+k) === -1)
    .map(([_, v]) => v);
}
function joinValues(array2, separator = "|") {
  return array2.map((val) => stringifyPrimitive(val)).join(separator);
}
function jsonStringifyReplacer(_, value) {
  return typeof value == "bigint" ? value.toString() : value;
}
var Cached = class {
  constructor(getter) {
    (this._getter = getter), (this._value = void 0);
  }
  get value() {
    const getter = this._getter;
    return getter !== void 0 && ((this._value = getter()), (this._getter = void 0)), this._value;
  }
};
function cached(getter) {
  return new Cached(getter);
}
function nullish(input2) {
  return input2 == null;
}
function cleanRegex(source) {
  const start = source.startsWith("^") ? 1 : 0,
    end = source.endsWith("$") ? source.length - 1 : source.length;
  return source.slice(start, end);
}
function floatSafeRemainder(val, step) {
  const ratio = val / step,
    roundedRatio = Math.round(ratio),
    tolerance = 4 * Number.EPSILON * Math.max(Math.abs(ratio), 1);
  return Math.abs(ratio - roundedRatio) < tolerance ? 0 : ratio - roundedRatio;
}
var EVALUATING = Symbol("evaluating");
function defineLazy(object2, key, getter) {
  let value;
  Object.defineProperty(object2, key, {
    get() {
      if (value !== EVALUATING) return value === void 0 && ((value = EVALUATING), (value = getter())), value;
    },
    set(v) {
      Object.defineProperty(object2, key, { value: v });
    },
    configurable: !0,
  });
}
function objectClone(obj) {
  return Object.create(Object.getPrototypeOf(obj), Object.getOwnPropertyDescriptors(obj));
}
function assignProp(target, prop, value) {
  Object.defineProperty(target, prop, { value, writable: !0, enumerable: !0, configurable: !0 });
}
function rawShape(def) {
  const desc = Object.getOwnPropertyDescriptor(def, "shape");
  return desc?.get ? desc.get.raw : desc?.value;
}
function sourceShape(schema) {
  return rawShape(schema._zod.def) ?? schema._zod.def.shape;
}
function deferProp(target, key, getter) {
  Object.defineProperty(target, key, {
    get() {
      const value = getter();
      return assignProp(this, key, value), value;
    },
    enumerable: !0,
    configurable: !0,
  });
}
function putProp(target, key, value) {
  key in target ? assignProp(target, key, value) : (target[key] = value);
}
function mirrorShape(target, source, keys, wrap) {
  const raw = sourceShape(source);
  for (const key of keys) {
    const desc = Object.getOwnPropertyDescriptor(raw, key);
    desc.enumerable &&
      (desc.get
        ? deferProp(target, key, () => {
            const value = source._zod.def.shape[key];
            return wrap ? wrap(value, key) : value;
          })
        : putProp(target, key, wrap ? wrap(desc.value, key) : desc.value));
  }
}
function mirrorProps(target, source) {
  for (const key of Reflect.ownKeys(source)) {
    const desc = Object.getOwnPropertyDescriptor(source, key);
    desc.enumerable && (desc.get ? deferProp(target, key, () => source[key]) : putProp(target, key, desc.value));
  }
}
function mergeDefs(...defs) {
  const mergedDescriptors = {};
  for (const def of defs) {
    const descriptors = Object.getOwnPropertyDescriptors(def);
    Object.assign(mergedDescriptors, descriptors);
  }
  return Object.defineProperties({}, mergedDescriptors);
}
function cloneDef(schema) {
  return mergeDefs(schema._zod.def);
}
function getElementAtPath(obj, path) {
  return path ? path.reduce((acc, key) => acc?.[key], obj) : obj;
}
function promiseAllObject(promisesObj) {
  const keys = Object.keys(promisesObj),
    promises = keys.map((key) => promisesObj[key]);
  return Promise.all(promises).then((results) => {
    const resolvedObj = {};
    for (let i = 0; i < keys.length; i++) resolvedObj[keys[i]] = results[i];
    return resolvedObj;
  });
}
function randomString(length = 10) {
  let chars = "abcdefghijklmnopqrstuvwxyz",
    str = "";
  for (let i = 0; i < length; i++) str += chars[Math.floor(Math.random() * chars.length)];
  return str;
}
function esc(str) {
  return JSON.stringify(str);
}
function slugify(input2) {
  return input2
    .toLowerCase()
    .trim()
    .replace(/[^\w\s-]/g, "")
    .replace(/[\s_-]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
var captureStackTrace = "captureStackTrace" in Error ? Error.captureStackTrace : (..._args) => {};
function isObject(data) {
  return typeof data == "object" && data !== null && !Array.isArray(data);
}
var allowsEval = cached(() => {
  if (globalConfig.jitless || (typeof navigator < "u" && navigator?.userAgent?.includes("Cloudflare"))) return !1;
  try {
    const F = Function;
    return new F(""), !0;
  } catch {
    return !1;
  }
});
function isPlainObject(o) {
  if (isObject(o) === !1) return !1;
  const ctor = o.constructor;
  if (ctor === void 0 || typeof ctor != "function") return !0;
  const prot = ctor.prototype;
  return !(isObject(prot) === !1 || Object.hasOwn(prot, "isPrototypeOf") === !1);
}
function shallowClone(o) {
  return isPlainObject(o)
    ? { ...o }
    : Array.isArray(o)
      ? [...o]
      : o instanceof Map
        ? new Map(o)
        : o instanceof Set
          ? new Set(o)
          : o;
}
function numKeys(data) {
  let keyCount = 0;
  for (const key in data) Object.hasOwn(data, key) && keyCount++;
  return keyCount;
}
var getParsedType = (data) => {
    const t = typeof data;
    switch (t) {
      case "undefined":
        return "undefined";
      case "string":
        return "string";
      case "number":
        return Number.isNaN(data) ? "nan" : "number";
      case "boolean":
        return "boolean";
      case "function":
        return "function";
      case "bigint":
        return "bigint";
      case "symbol":
        return "symbol";
      case "object":
        return Array.isArray(data)
          ? "array"
          : data === null
            ? "null"
            : data.then && typeof data.then == "function" && data.catch && typeof data.catch == "function"
              ? "promise"
              : typeof Map < "u" && data instanceof Map
                ? "map"
                : typeof Set < "u" && data instanceof Set
                  ? "set"
                  : typeof Date < "u" && data instanceof Date
                    ? "date"
                    : typeof File < "u" && data instanceof File
                      ? "file"
                      : "object";
      default:
        throw new Error(`Unknown data type: ${t}`);
    }
  },
  propertyKeyTypes = new Set(["string", "number", "symbol"]),
  primitiveTypes = new Set(["string", "number", "bigint", "boolean", "symbol", "undefined"]);
function escapeRegex(str) {
  return str.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
function clone(inst, def, params) {
  const cl = new inst._zod.constr(def ?? inst._zod.def);
  return (!def || params?.parent) && (cl._zod.parent = inst), cl;
}
function normalizeParams(_params) {
  const params = _params;
  if (!params) return {};
  if (typeof params == "string") return { error: () => params };
  if (params?.message !== void 0) {
    if (params?.error !== void 0) throw new Error("Cannot specify both `message` and `error` params");
    params.error = params.message;
  }
  return delete params.message, typeof params.error == "string" ? { ...params, error: () => params.error } : params;
}
function createTransparentProxy(getter) {
  let target;
  return new Proxy(
    {},
    {
      get(_, prop, receiver) {
        return target ?? (target = getter()), Reflect.get(target, prop, receiver);
      },
      set(_, prop, value, receiver) {
        return target ?? (target = getter()), Reflect.set(target, prop, value, receiver);
      },
      has(_, prop) {
        return target ?? (target = getter()), Reflect.has(target, prop);
      },
      deleteProperty(_, prop) {
        return target ?? (target = getter()), Reflect.deleteProperty(target, prop);
      },
      ownKeys(_) {
        return target ?? (target = getter()), Reflect.ownKeys(target);
      },
      getOwnPropertyDescriptor(_, prop) {
        return target ?? (target = getter()), Reflect.getOwnPropertyDescriptor(target, prop);
      },
      defineProperty(_, prop, descriptor) {
        return target ?? (target = getter()), Reflect.defineProperty(target, prop, descriptor);
      },
    },
  );
}
function stringifyPrimitive(value) {
  return typeof value == "bigint" ? value.toString() + "n" : typeof value == "string" ? `"${value}"` : `${value}`;
}
function optionalKeys(shape) {
  return Object.keys(shape).filter((k) => shape[k]._zod.optin !== void 0 && shape[k]._zod.optout === "optional");
}
var NUMBER_FORMAT_RANGES = {
    safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
    int32: [-2147483648, 2147483647],
    uint32: [0, 4294967295],
    float32: [-34028234663852886e22, 34028234663852886e22],
    float64: [-Number.MAX_VALUE, Number.MAX_VALUE],
  },
  BIGINT_FORMAT_RANGES = {
    int64: [BigInt("-9223372036854775808"), BigInt("9223372036854775807")],
    uint64: [BigInt(0), BigInt("18446744073709551615")],
  };
function pick(schema, mask) {
  const currDef = schema._zod.def,
    checks = currDef.checks;
  if (checks && checks.length > 0) throw new Error(".pick() cannot be used on object schemas containing refinements");
  const newShape = {};
  return (
    mirrorShape(newShape, schema, maskedKeys(schema, mask)),
    clone(schema, mergeDefs(currDef, { shape: newShape, checks: [] }))
  );
}
function maskedKeys(schema, mask) {
  const raw = sourceShape(schema),
    keys = [];
  for (const key of Reflect.ownKeys(mask)) {
    if (!Object.getOwnPropertyDescriptor(raw, key)?.enumerable) throw new Error(`Unrecognized key: "${String(key)}"`);
    mask[key] && keys.push(key);
  }
  return keys;
}
function omit(schema, mask) {
  const currDef = schema._zod.def,
    checks = currDef.checks;
  if (checks && checks.length > 0) throw new Error(".omit() cannot be used on object schemas containing refinements");
  const omitted = new Set(maskedKeys(schema, mask)),
    newShape = {};
  return (
    mirrorShape(
      newShape,
      schema,
      Reflect.ownKeys(sourceShape(schema)).filter((key) => !omitted.has(key)),
    ),
    clone(schema, mergeDefs(currDef, { shape: newShape, checks: [] }))
  );
}
function extend(schema, shape) {
  if (!isPlainObject(shape)) throw new Error("Invalid input to extend: expected a plain object");
  const checks = schema._zod.def.checks;
  if (checks && checks.length > 0) {
    const existingShape = sourceShape(schema);
    for (const key of Reflect.ownKeys(shape))
      if (Object.getOwnPropertyDescriptor(existingShape, key) !== void 0)
        throw new Error("Cannot overwrite keys on object schemas containing refinements. Use `.safeExtend()` instead.");
  }
  return clone(schema, mergeDefs(schema._zod.def, { shape: extended(schema, shape) }));
}
function extended(schema, shape) {
  const newShape = {};
  return mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema))), mirrorProps(newShape, shape), newShape;
}
function safeExtend(schema, shape) {
  if (!isPlainObject(shape)) throw new Error("Invalid input to safeExtend: expected a plain object");
  return clone(schema, mergeDefs(schema._zod.def, { shape: extended(schema, shape) }));
}
function merge(a, b) {
  if (!b?._zod?.def)
    throw new Error("Invalid input to merge: expected an object schema. To merge a plain shape, use `.extend()`.");
  if (a._zod.def.checks?.length)
    throw new Error(".merge() cannot be used on object schemas containing refinements. Use .safeExtend() instead.");
  const newShape = {};
  mirrorShape(newShape, a, Reflect.ownKeys(sourceShape(a))), mirrorShape(newShape, b, Reflect.ownKeys(sourceShape(b)));
  const def = mergeDefs(a._zod.def, {
    shape: newShape,
    get catchall() {
      return b._zod.def.catchall;
    },
    checks: b._zod.def.checks ?? [],
  });
  return clone(a, def);
}
function partial(Class2, schema, mask, name = "partial") {
  const checks = schema._zod.def.checks;
  if (checks && checks.length > 0)
    throw new Error(`.${name}() cannot be used on object schemas containing refinements`);
  const selected = mask ? new Set(maskedKeys(schema, mask)) : void 0,
    newShape = {};
  return (
    mirrorShape(
      newShape,
      schema,
      Reflect.ownKeys(sourceShape(schema)),
      Class2 &&
        ((value, key) => (selected && !selected.has(key) ? value : new Class2({ type: "optional", innerType: value }))),
    ),
    clone(schema, mergeDefs(schema._zod.def, { shape: newShape, checks: [] }))
  );
}
function required(Class2, schema, mask) {
  const selected = mask ? new Set(maskedKeys(schema, mask)) : void 0,
    newShape = {};
  return (
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)), (value, key) =>
      selected && !selected.has(key) ? value : new Class2({ type: "nonoptional", innerType: value }),
    ),
    clone(schema, mergeDefs(schema._zod.def, { shape: newShape }))
  );
}
function aborted(x, startIndex = 0) {
  if (x.aborted === !0) return !0;
  for (let i = startIndex; i < x.issues.length; i++) if (x.issues[i]?.continue !== !0) return !0;
  return !1;
}
function explicitlyAborted(x, startIndex = 0) {
  if (x.aborted === !0) return !0;
  for (let i = startIndex; i < x.issues.length; i++) if (x.issues[i]?.continue === !1) return !0;
  return !1;
}
function prefixIssues(path, issues) {
  return issues.map((iss) => {
    var _a3;
    return (_a3 = iss).path ?? (_a3.path = []), iss.path.unshift(path), iss;
  });
}
function unwrapMessage(message) {
  return typeof message == "string" ? message : message?.message;
}
function sizeCaps(defChecks) {
  const caps = [];
  for (const ch of defChecks ?? []) {
    const d = ch._zod.def;
    if (!/_(length|size)$|_equals$/.test(d.check)) break;
    const max = d.maximum ?? d.length ?? d.size;
    max >= 0 && caps.push([max, ch]);
  }
  return caps;
}
function attachSchema(issues, start, inst) {
  var _a3;
  for (let i = start; i < issues.length; i++) (_a3 = issues[i]).schema ?? (_a3.schema = inst);
}
function finalizeIssue(iss, ctx, config2) {
  var _a3;
  const traits = iss.inst?._zod?.traits;
  traits?.has("$ZodType") &&
    (traits.has("$ZodCheck") ? ((_a3 = iss).schema ?? (_a3.schema = iss.inst)) : (iss.schema = iss.inst));
  const schemaError = iss.schema !== iss.inst ? iss.schema?._zod.def?.error : void 0,
    message = iss.message
      ? iss.message
      : (unwrapMessage(iss.inst?._zod.def?.error?.(iss)) ??
        unwrapMessage(schemaError?.(iss)) ??
        unwrapMessage(ctx?.error?.(iss)) ??
        unwrapMessage(config2.customError?.(iss)) ??
        unwrapMessage(config2.localeError?.(iss)) ??
        "Invalid input"),
    full = {};
  for (const k of Object.keys(iss))
    k === "inst" || k === "schema" || k === "continue" || k === "input" || k === "__proto__" || (full[k] = iss[k]);
  return full.path ?? (full.path = []), (full.message = message), ctx?.reportInput && (full.input = iss.input), full;
}
function getSizableOrigin(input2) {
  return input2 instanceof Set ? "set" : input2 instanceof Map ? "map" : input2 instanceof File ? "file" : "unknown";
}
var highSurrogate = /[\uD800-\uDBFF]/;
function codePointLength(str) {
  const units = str.length;
  if (!highSurrogate.test(str)) return units;
  let count = units;
  for (let i = 0; i < units - 1; i++)
    (str.charCodeAt(i) & 64512) === 55296 && (str.charCodeAt(i + 1) & 64512) === 56320 && (count--, i++);
  return count;
}
function getLengthableOrigin(input2) {
  return Array.isArray(input2) ? "array" : typeof input2 == "string" ? "string" : "unknown";
}
function parsedType(data) {
  const t = typeof data;
  switch (t) {
    case "number":
      return Number.isNaN(data) ? "nan" : "number";
    case "object": {
      if (data === null) return "null";
      if (Array.isArray(data)) return "array";
      const obj = data;
      if (obj && Object.getPrototypeOf(obj) !== Object.prototype && "constructor" in obj && obj.constructor)
        return obj.constructor.name;
    }
  }
  return t;
}
function issue(...args) {
  const [iss, input2, inst] = args;
  return typeof iss == "string" ? { message: iss, code: "custom", input: input2, inst } : { ...iss };
}
function cleanEnum(obj) {
  return Object.entries(obj)
    .filter(([k, _]) => Number.isNaN(Number.parseInt(k, 10)))
    .map((el) => el[1]);
}
function base64ToUint8Array(base643) {
  const binaryString = atob(base643),
    bytes = new Uint8Array(binaryString.length);
  for (let i = 0; i < binaryString.length; i++) bytes[i] = binaryString.charCodeAt(i);
  return bytes;
}
function uint8ArrayToBase64(bytes) {
  let binaryString = "";
  for (let i = 0; i < bytes.length; i++) binaryString += String.fromCharCode(bytes[i]);
  return btoa(binaryString);
}
function base64urlToUint8Array(base64url3) {
  const base643 = base64url3.replace(/-/g, "+").replace(/_/g, "/"),
    padding = "=".repeat((4 - (base643.length % 4)) % 4);
  return base64ToUint8Array(base643 + padding);
}
function uint8ArrayToBase64url(bytes) {
  return uint8ArrayToBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=/g, "");
}
function hexToUint8Array(hex3) {
  const cleanHex = hex3.replace(/^0x/, "");
  if (cleanHex.length % 2 !== 0) throw new Error("Invalid hex string length");
  const bytes = new Uint8Array(cleanHex.length / 2);
  for (let i = 0; i < cleanHex.length; i += 2) bytes[i / 2] = Number.parseInt(cleanHex.slice(i, i + 2), 16);
  return bytes;
}
function uint8ArrayToHex(bytes) {
  return Array.from(bytes)
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");
}
var Class = class {
  constructor(..._args) {}
};
function members(proto, table) {
  for (const key in table) {
    const desc = Object.getOwnPropertyDescriptor(table, key);
    desc.get ? Object.defineProperty(proto, key, { ...desc, enumerable: !1 }) : defineBound(proto, key, desc.value);
  }
}
function own(inst, key, value, enumerable = !0) {
  return Object.defineProperty(inst, key, { configurable: !0, writable: !0, enumerable, value }), value;
}
function hide(inst, key, value) {
  return own(inst, key, value, !1);
}
function derived(computes, table) {
  for (const key in computes) {
    const compute = computes[key];
    Object.defineProperty(table, key, {
      configurable: !0,
      enumerable: !0,
      get() {
        return own(this, key, compute(this));
      },
      set(value) {
        own(this, key, value);
      },
    });
  }
  return table;
}
function defineBound(proto, key, fn) {
  Object.defineProperty(proto, key, {
    configurable: !0,
    get() {
      return this == null ? fn : own(this, key, fn.bind(this));
    },
    set(value) {
      own(this, key, value);
    },
  });
}
function claim(inst, sentinel) {
  const proto = Object.getPrototypeOf(inst);
  return sentinel in proto ? void 0 : proto;
}
var installing,
  broke = !1,
  breaker = {
    configurable: !0,
    get() {
      broke = !0;
    },
  };
function defineLazyInternal(inst, key, compute) {
  const proto = Object.getPrototypeOf(inst._zod);
  if (key in proto && installing !== inst._zod) {
    installing = void 0;
    return;
  }
  (installing = inst._zod),
    Object.defineProperty(proto, key, {
      configurable: !0,
      get() {
        Object.defineProperty(this, key, breaker);
        const outer = broke;
        broke = !1;
        try {
          const value = compute(this);
          return (
            broke ? delete this[key] : Object.defineProperty(this, key, { configurable: !0, writable: !0, value }),
            (broke = broke || outer),
            value
          );
        } catch (err) {
          throw (delete this[key], (broke = broke || outer), err);
        }
      },
      set(value) {
        Object.defineProperty(this, key, { configurable: !0, writable: !0, value });
      },
    });
}
function installLazyProp(inst, key, make, enumerable) {
  const proto = claim(inst, key);
  proto &&
    Object.defineProperty(proto, key, {
      configurable: !0,
      get() {
        const desc = { configurable: !0, writable: !0, enumerable, value: void 0 };
        return (
          Object.defineProperty(this, key, desc),
          (desc.value = make(this)),
          Object.defineProperty(this, key, desc),
          desc.value
        );
      },
      set(value) {
        Object.defineProperty(this, key, { configurable: !0, writable: !0, enumerable, value });
      },
    });
}
var CONSTANT_CATCH = "~constantCatch";
function constantCatch(value) {
  const fn = () => value;
  return (fn[CONSTANT_CATCH] = !0), fn;
}
var _a,
  NEVER = Object.freeze({ status: "aborted" }),
  _zodDesc = { value: void 0, enumerable: !1 },
  _E = "captureStackTrace" in Error ? Error : null;
function newError(Definition) {
  const E = _E;
  if (E) {
    const saved = E.stackTraceLimit;
    if (typeof saved == "number") {
      try {
        E.stackTraceLimit = 0;
      } catch {
        return (_E = null), new Definition();
      }
      try {
        return new Definition();
      } finally {
        E.stackTraceLimit = saved;
      }
    }
  }
  return new Definition();
}
function $constructor(name, initializer3, proto, params) {
  const zodProto = {};
  function Internals(def) {
    (this.def = def), (this.constr = _), (this.traits = new Set());
  }
  Internals.prototype = zodProto;
  const protoMembers = proto,
    initialized = protoMembers && new WeakSet();
  function init(inst, def) {
    if (inst._zod) {
      if (inst._zod.traits.has(name)) return;
    } else {
      _zodDesc.value = new Internals(def);
      try {
        Object.defineProperty(inst, "_zod", _zodDesc);
      } finally {
        _zodDesc.value = void 0;
      }
    }
    if ((inst._zod.traits.add(name), initializer3(inst, def), initialized)) {
      let own2 = Object.getPrototypeOf(inst),
        ctorProto = inst._zod.constr.prototype,
        up = own2;
      for (; up && up !== ctorProto; ) up = Object.getPrototypeOf(up);
      const target = up ?? own2;
      initialized.has(target) || (initialized.add(target), members(target, protoMembers));
    }
    const proto2 = _.prototype;
    for (const k in proto2) Object.hasOwn(proto2, k) && (k in inst || (inst[k] = proto2[k].bind(inst)));
  }
  const Parent = params?.Parent ?? Object;
  class Definition extends Parent {}
  Object.defineProperty(Definition, "name", { value: name });
  function _(def) {
    const inst = params?.Parent ? newError(Definition) : this;
    init(inst, def);
    const deferred = inst._zod.deferred;
    if (deferred) {
      for (const fn of deferred) fn();
      inst._zod.deferred = void 0;
    }
    const pp = globalThis.__zod_globalConfig?.postProcessor;
    return pp && pp(inst), inst;
  }
  return (
    Object.defineProperty(_, "init", { value: init }),
    Object.defineProperty(_, Symbol.hasInstance, {
      value: (inst) => (params?.Parent && inst instanceof params.Parent ? !0 : inst?._zod?.traits?.has(name)),
    }),
    Object.defineProperty(_, "name", { value: name }),
    _
  );
}
var $brand = Symbol("zod_brand"),
  $ZodAsyncError = class extends Error {
    constructor() {
      super("Encountered Promise during synchronous parse. Use .parseAsync() instead.");
    }
  },
  $ZodEncodeError = class extends Error {
    constructor(name) {
      super(`Encountered unidirectional transform during encode: ${name}`), (this.name = "ZodEncodeError");
    }
  };
(_a = globalThis).__zod_globalConfig ?? (_a.__zod_globalConfig = {});
var globalConfig = globalThis.__zod_globalConfig;
function config(newConfig) {
  return newConfig && Object.assign(globalConfig, newConfig), globalConfig;
}
function _getMessage() {
  const internals = this._zod;
  return (
    internals.message ?? (internals.message = JSON.stringify(internals.def, jsonStringifyReplacer, 2)),
    internals.message
  );
}
function _setMessage(value) {
  this._zod.message = value;
}
var _messageDesc = { get: _getMessage, set: _setMessage, enumerable: !0, configurable: !0 },
  _issuesDesc = { value: void 0, enumerable: !1 },
  _installedToString = new WeakSet([Object.prototype, Error.prototype]),
  initializer = (inst, def) => {
    (inst.name = "$ZodError"),
      (_issuesDesc.value = def),
      Object.defineProperty(inst, "issues", _issuesDesc),
      (_issuesDesc.value = void 0),
      Object.defineProperty(inst, "message", _messageDesc);
    const proto = Object.getPrototypeOf(inst);
    _installedToString.has(proto) ||
      (_installedToString.add(proto),
      Object.defineProperty(proto, "toString", {
        configurable: !0,
        enumerable: !1,
        get() {
          const value = () => this.message;
          return Object.defineProperty(this, "toString", { value, configurable: !0, writable: !0 }), value;
        },
        set(value) {
          Object.defineProperty(this, "toString", { value, configurable: !0, writable: !0 });
        },
      }));
  },
  $ZodError = $constructor("$ZodError", initializer),
  $ZodRealError = $constructor("$ZodError", initializer, void 0, { Parent: Error });
function node(obj, key, make) {
  return (
    Object.hasOwn(obj, key) ||
      (key === "__proto__"
        ? Object.defineProperty(obj, key, { value: make(), writable: !0, enumerable: !0, configurable: !0 })
        : (obj[key] = make())),
    obj[key]
  );
}
function flattenError(error2, mapper = (issue2) => issue2.message) {
  const fieldErrors = {},
    formErrors = [];
  for (const sub of error2.issues)
    sub.path.length > 0 ? node(fieldErrors, sub.path[0], () => []).push(mapper(sub)) : formErrors.push(mapper(sub));
  return { formErrors, fieldErrors };
}
function formatError(error2, mapper = (issue2) => issue2.message) {
  const fieldErrors = { _errors: [] },
    processError = (error3, path = []) => {
      for (const issue2 of error3.issues)
        if (issue2.code === "invalid_union" && issue2.errors.length)
          issue2.errors.map((issues) => processError({ issues }, [...path, ...issue2.path]));
        else if (issue2.code === "invalid_key") processError({ issues: issue2.issues }, [...path, ...issue2.path]);
        else if (issue2.code === "invalid_element") processError({ issues: issue2.issues }, [...path, ...issue2.path]);
        else {
          const fullpath = [...path, ...issue2.path];
          if (fullpath.length === 0) fieldErrors._errors.push(mapper(issue2));
          else {
            let curr = fieldErrors,
              i = 0;
            for (; i < fullpath.length; ) {
              const el = fullpath[i],
                terminal = i === fullpath.length - 1;
              if (el === "_errors") {
                terminal && curr._errors.push(mapper(issue2)), i++;
                continue;
              }
              Object.hasOwn(curr, el) ||
                Object.defineProperty(curr, el, {
                  value: { _errors: [] },
                  enumerable: !0,
                  writable: !0,
                  configurable: !0,
                });
              const node2 = curr[el];
              terminal && node2._errors.push(mapper(issue2)), (curr = node2), i++;
            }
          }
        }
    };
  return processError(error2), fieldErrors;
}
function treeifyError(error2, mapper = (issue2) => issue2.message) {
  const result = { errors: [] },
    processError = (error3, path = []) => {
      var _a3;
      for (const issue2 of error3.issues)
        if (issue2.code === "invalid_union" && issue2.errors.length)
          issue2.errors.map((issues) => processError({ issues }, [...path, ...issue2.path]));
        else if (issue2.code === "invalid_key") processError({ issues: issue2.issues }, [...path, ...issue2.path]);
        else if (issue2.code === "invalid_element") processError({ issues: issue2.issues }, [...path, ...issue2.path]);
        else {
          const fullpath = [...path, ...issue2.path];
          if (fullpath.length === 0) {
            result.errors.push(mapper(issue2));
            continue;
          }
          let curr = result,
            i = 0;
          for (; i < fullpath.length; ) {
            const el = fullpath[i],
              terminal = i === fullpath.length - 1;
            typeof el == "string"
              ? (curr.properties ?? (curr.properties = {}),
                Object.hasOwn(curr.properties, el) ||
                  Object.defineProperty(curr.properties, el, {
                    value: { errors: [] },
                    enumerable: !0,
                    writable: !0,
                    configurable: !0,
                  }),
                (curr = curr.properties[el]))
              : (curr.items ?? (curr.items = []),
                (_a3 = curr.items)[el] ?? (_a3[el] = { errors: [] }),
                (curr = curr.items[el])),
              terminal && curr.errors.push(mapper(issue2)),
              i++;
          }
        }
    };
  return processError(error2), result;
}
function toDotPath(_path) {
  const segs = [],
    path = _path.map((seg) => (typeof seg == "object" ? seg.key : seg));
  for (const seg of path)
    typeof seg == "number"
      ? segs.push(`[${seg}]`)
      : typeof seg == "symbol"
        ? segs.push(`[${JSON.stringify(String(seg))}]`)
        : /[^\w$]/.test(seg)
          ? segs.push(`[${JSON.stringify(seg)}]`)
          : (segs.length && segs.push("."), segs.push(seg));
  return segs.join("");
}
function prettifyError(error2) {
  const lines = [],
    issues = [...error2.issues].sort((a, b) => (a.path ?? []).length - (b.path ?? []).length);
  for (const issue2 of issues)
    lines.push(`\u2716 ${issue2.message}`), issue2.path?.length && lines.push(`  \u2192 at ${toDotPath(issue2.path)}`);
  return lines.join(`
`);
}
function finalizeParams(callee, params) {
  return { callee: params?.callee ?? callee, Err: params?.Err };
}
var _parse = (_Err) => {
    const fn = (schema, value, _ctx, _params) => {
      const ctx = _ctx ? { ..._ctx, async: !1 } : { async: !1 },
        result = schema._zod.run({ value, issues: [] }, ctx);
      if (result instanceof Promise) throw new $ZodAsyncError();
      if (result.issues.length) {
        const e = new (_params?.Err ?? _Err)(result.issues.map((iss) => finalizeIssue(iss, ctx, config())));
        throw (captureStackTrace(e, _params?.callee ?? fn), e);
      }
      return result.value;
    };
    return fn;
  },
  parse = _parse($ZodRealError),
  _parseAsync = (_Err) => {
    const fn = async (schema, value, _ctx, params) => {
      let ctx = _ctx ? { ..._ctx, async: !0 } : { async: !0 },
        result = schema._zod.run({ value, issues: [] }, ctx);
      if ((result instanceof Promise && (result = await result), result.issues.length)) {
        const e = new (params?.Err ?? _Err)(result.issues.map((iss) => finalizeIssue(iss, ctx, config())));
        throw (captureStackTrace(e, params?.callee ?? fn), e);
      }
      return result.value;
    };
    return fn;
  },
  parseAsync = _parseAsync($ZodRealError),
  _safeParse = (_Err) => (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, async: !1 } : { async: !1 },
      result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise) throw new $ZodAsyncError();
    return result.issues.length ? failure(_Err, result.issues, ctx) : { success: !0, data: result.value };
  },
  safeParse = _safeParse($ZodRealError);
function failure(Err, issues, ctx) {
  let error2;
  return {
    success: !1,
    get error() {
      return (
        error2 ||
          ((error2 = new Err(issues.map((iss) => finalizeIssue(iss, ctx, config())))),
          (issues = void 0),
          (ctx = void 0)),
        error2
      );
    },
    set error(e) {
      (error2 = e), (issues = void 0), (ctx = void 0);
    },
  };
}
var _safeParseAsync = (_Err) => async (schema, value, _ctx) => {
    let ctx = _ctx ? { ..._ctx, async: !0 } : { async: !0 },
      result = schema._zod.run({ value, issues: [] }, ctx);
    return (
      result instanceof Promise && (result = await result),
      result.issues.length ? failure(_Err, result.issues, ctx) : { success: !0, data: result.value }
    );
  },
  safeParseAsync = _safeParseAsync($ZodRealError),
  COMPILE_INVALID = Symbol.for("zod.compile.invalid"),
  COMPILE_FALLBACK = Symbol.for("zod.compile.fallback"),
  validate = (schema, value, _ctx) => {
    const validator = schema._zod.bag.validator;
    if (validator !== void 0) {
      if (validator(value) !== COMPILE_INVALID) return !0;
      if (validator.definite === !0 && _ctx === void 0) return !1;
    }
    return validateFallback(schema, value, _ctx);
  };
function validateFallback(schema, value, _ctx) {
  let ctx = _ctx ? { ..._ctx, async: !1, abortEarly: !0 } : { async: !1, abortEarly: !0 },
    fallbackRun = schema._zod.bag.fallbackRun,
    result;
  if (
    (fallbackRun
      ? ((ctx[COMPILE_FALLBACK] = !0), (result = fallbackRun({ value, issues: [] }, ctx)))
      : (result = schema._zod.run({ value, issues: [] }, ctx)),
    result instanceof Promise)
  )
    throw new $ZodAsyncError();
  return result.issues.length === 0;
}
var validateAsync = async (schema, value, _ctx) => {
    let ctx = _ctx ? { ..._ctx, async: !0, abortEarly: !0 } : { async: !0, abortEarly: !0 },
      result = schema._zod.run({ value, issues: [] }, ctx);
    return result instanceof Promise && (result = await result), result.issues.length === 0;
  },
  _encode = (_Err) => {
    const parse3 = _parse(_Err),
      fn = (schema, value, _ctx, _params) => {
        const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
        return parse3(schema, value, ctx, finalizeParams(fn, _params));
      };
    return fn;
  },
  encode = _encode($ZodRealError),
  _decode = (_Err) => {
    const parse3 = _parse(_Err),
      fn = (schema, value, _ctx, _params) => parse3(schema, value, _ctx, finalizeParams(fn, _params));
    return fn;
  },
  decode = _decode($ZodRealError),
  _encodeAsync = (_Err) => {
    const parseAsync3 = _parseAsync(_Err),
      fn = async (schema, value, _ctx, _params) => {
        const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
        return await parseAsync3(schema, value, ctx, finalizeParams(fn, _params));
      };
    return fn;
  },
  encodeAsync = _encodeAsync($ZodRealError),
  _decodeAsync = (_Err) => {
    const parseAsync3 = _parseAsync(_Err),
      fn = async (schema, value, _ctx, _params) => await parseAsync3(schema, value, _ctx, finalizeParams(fn, _params));
    return fn;
  },
  decodeAsync = _decodeAsync($ZodRealError),
  _safeEncode = (_Err) => (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
    return _safeParse(_Err)(schema, value, ctx);
  },
  safeEncode = _safeEncode($ZodRealError),
  _safeDecode = (_Err) => (schema, value, _ctx) => _safeParse(_Err)(schema, value, _ctx),
  safeDecode = _safeDecode($ZodRealError),
  _safeEncodeAsync = (_Err) => async (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
    return _safeParseAsync(_Err)(schema, value, ctx);
  },
  safeEncodeAsync = _safeEncodeAsync($ZodRealError),
  _safeDecodeAsync = (_Err) => async (schema, value, _ctx) => _safeParseAsync(_Err)(schema, value, _ctx),
  safeDecodeAsync = _safeDecodeAsync($ZodRealError);
var regexes_exports = {};
__export(regexes_exports, {
  anyString: () => anyString,
  base64: () => base64,
  base64url: () => base64url,
  bigint: () => bigint,
  boolean: () => boolean,
  browserEmail: () => browserEmail,
  cidrv4: () => cidrv4,
  cidrv6: () => cidrv6,
  creditCard: () => creditCard,
  cuid: () => cuid,
  cuid2: () => cuid2,
  currencyCode: () => currencyCode,
  date: () => date,
  datetime: () => datetime,
  domain: () => domain,
  duration: () => duration,
  e164: () => e164,
  email: () => email,
  emoji: () => emoji,
  extendedDuration: () => extendedDuration,
  guid: () => guid,
  hex: () => hex,
  hostname: () => hostname,
  html5Email: () => html5Email,
  httpProtocol: () => httpProtocol,
  iban: () => iban,
  idnEmail: () => idnEmail,
  integer: () => integer,
  ipv4: () => ipv4,
  ipv6: () => ipv6,
  ksuid: () => ksuid,
  lowercase: () => lowercase,
  mac: () => mac,
  md5_base64: () => md5_base64,
  md5_base64url: () => md5_base64url,
  md5_hex: () => md5_hex,
  nanoid: () => nanoid,
  nanoidOfLength: () => nanoidOfLength,
  null: () => _null,
  number: () => number,
  rfc5322Email: () => rfc5322Email,
  sha1_base64: () => sha1_base64,
  sha1_base64url: () => sha1_base64url,
  sha1_hex: () => sha1_hex,
  sha256_base64: () => sha256_base64,
  sha256_base64url: () => sha256_base64url,
  sha256_hex: () => sha256_hex,
  sha384_base64: () => sha384_base64,
  sha384_base64url: () => sha384_base64url,
  sha384_hex: () => sha384_hex,
  sha512_base64: () => sha512_base64,
  sha512_base64url: () => sha512_base64url,
  sha512_hex: () => sha512_hex,
  string: () => string,
  time: () => time,
  ulid: () => ulid,
  undefined: () => _undefined,
  unicodeEmail: () => unicodeEmail,
  uppercase: () => uppercase,
  uuid: () => uuid,
  uuid4: () => uuid4,
  uuid6: () => uuid6,
  uuid7: () => uuid7,
  xid: () => xid,
});
var cuid = /^[cC][0-9a-z]{6,}$/,
  cuid2 = /^[0-9a-z]+$/,
  ulid = /^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$/,
  xid = /^[0-9a-vA-V]{20}$/,
  ksuid = /^[A-Za-z0-9]{27}$/,
  nanoid = /^[a-zA-Z0-9_-]{21}$/;
function nanoidOfLength(length) {
  return new RegExp(`^[a-zA-Z0-9_-]{${length}}$`);
}
var duration = /^P(?:(\d+W)|(?!.*W)(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+([.,]\d+)?S)?)?)$/,
  extendedDuration =
    /^[-+]?P(?!$)(?:(?:[-+]?\d+Y)|(?:[-+]?\d+[.,]\d+Y$))?(?:(?:[-+]?\d+M)|(?:[-+]?\d+[.,]\d+M$))?(?:(?:[-+]?\d+W)|(?:[-+]?\d+[.,]\d+W$))?(?:(?:[-+]?\d+D)|(?:[-+]?\d+[.,]\d+D$))?(?:T(?=[\d+-])(?:(?:[-+]?\d+H)|(?:[-+]?\d+[.,]\d+H$))?(?:(?:[-+]?\d+M)|(?:[-+]?\d+[.,]\d+M$))?(?:[-+]?\d+(?:[.,]\d+)?S)?)??$/,
  guid = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/,
  uuid = (version2) =>
    version2
      ? new RegExp(`^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-${version2}[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12})$`)
      : /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/,
  uuid4 = uuid(4),
  uuid6 = uuid(6),
  uuid7 = uuid(7),
  email = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/,
  html5Email =
    /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/,
  rfc5322Email =
    /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/,
  unicodeEmail = /^[^\s@"]{1,64}@[^\s@]{1,255}$/u,
  idnEmail = unicodeEmail,
  browserEmail =
    /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/,
  _emoji =
    "^(?=[\\s\\S]*[\\p{Extended_Pictographic}\\p{Regional_Indicator}\\u20E3])[\\p{Extended_Pictographic}\\p{Emoji_Component}]+$";
function emoji() {
  return new RegExp(_emoji, "u");
}
var ipv4 =
    /^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])$/,
  ipv6 =
    /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))$/,
  mac = (delimiter) => {
    const escapedDelim = escapeRegex(delimiter ?? ":");
    return new RegExp(`^(?:[0-9A-F]{2}${escapedDelim}){5}[0-9A-F]{2}$|^(?:[0-9a-f]{2}${escapedDelim}){5}[0-9a-f]{2}$`);
  },
  cidrv4 =
    /^((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\/([0-9]|[1-2][0-9]|3[0-2])$/,
  cidrv6 =
    /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))\/(12[0-8]|1[01][0-9]|[1-9]?[0-9])$/,
  base64 = /^$|^(?:[0-9a-zA-Z+/]{4})*(?:(?:[0-9a-zA-Z+/]{2}==)|(?:[0-9a-zA-Z+/]{3}=))?$/,
  base64url = /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2,3})?$/,
  hostname =
    /^(?=.{1,253}\.?$)[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[-0-9a-zA-Z]{0,61}[0-9a-zA-Z])?)*\.?$/,
  domain = /^(?=.{1,253}$)([a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}$/,
  httpProtocol = /^https?$/,
  e164 = /^\+[1-9]\d{6,14}$/,
  creditCard = /^\d(?:[ -]?\d){11,18}$/,
  currencyCode =
    /^(?:AED|AFN|ALL|AMD|AOA|ARS|AUD|AWG|AZN|BAM|BBD|BDT|BHD|BIF|BMD|BND|BOB|BOV|BRL|BSD|BTN|BWP|BYN|BZD|CAD|CDF|CHE|CHF|CHW|CLF|CLP|CNY|COP|COU|CRC|CUP|CVE|CZK|DJF|DKK|DOP|DZD|EGP|ERN|ETB|EUR|FJD|FKP|GBP|GEL|GHS|GIP|GMD|GNF|GTQ|GYD|HKD|HNL|HTG|HUF|IDR|ILS|INR|IQD|IRR|ISK|JMD|JOD|JPY|KES|KGS|KHR|KMF|KPW|KRW|KWD|KYD|KZT|LAK|LBP|LKR|LRD|LSL|LYD|MAD|MDL|MGA|MKD|MMK|MNT|MOP|MRU|MUR|MVR|MWK|MXN|MXV|MYR|MZN|NAD|NGN|NIO|NOK|NPR|NZD|OMR|PAB|PEN|PGK|PHP|PKR|PLN|PYG|QAR|RON|RSD|RUB|RWF|SAR|SBD|SCR|SDG|SEK|SGD|SHP|SLE|SOS|SRD|SSP|STN|SVC|SYP|SZL|THB|TJS|TMT|TND|TOP|TRY|TTD|TWD|TZS|UAH|UGX|USD|USN|UYI|UYU|UYW|UZS|VED|VES|VND|VUV|WST|XAD|XAF|XAG|XAU|XBA|XBB|XBC|XBD|XCD|XCG|XDR|XOF|XPD|XPF|XPT|XSU|XTS|XUA|XXX|YER|ZAR|ZMW|ZWG)$/,
  iban = /^[A-Z]{2}(?!00|01|99)\d{2}[A-Z0-9]{11,30}$/,
  dateSource =
    "(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))";
function anchor(source) {
  return new RegExp(`^${source}$`);
}
var date = anchor(dateSource);
function timeSource(args) {
  const hhmm = "(?:[01]\\d|2[0-3]):[0-5]\\d";
  return typeof args.precision == "number"
    ? args.precision === -1
      ? `${hhmm}`
      : args.precision === 0
        ? `${hhmm}:[0-5]\\d`
        : `${hhmm}:[0-5]\\d\\.\\d{${args.precision}}`
    : args.seconds
      ? `${hhmm}:[0-5]\\d(?:\\.\\d+)?`
      : `${hhmm}(?::[0-5]\\d(?:\\.\\d+)?)?`;
}
function time(args) {
  return new RegExp(`^${timeSource(args)}$`);
}
function datetime(args) {
  const opts = ["Z"];
  args.offset && opts.push("([+-](?:[01]\\d|2[0-3]):[0-5]\\d)");
  const qualified = `${timeSource({ precision: args.precision, seconds: !0 })}(?:${opts.join("|")})`,
    timeRegex = args.local ? `${qualified}|${timeSource({ precision: args.precision })}` : qualified;
  return new RegExp(`^${dateSource}T(?:${timeRegex})$`);
}
var anyString = /^[\s\S]{0,}$/,
  string = (params) => {
    const regex = params ? `[\\s\\S]{${params?.minimum ?? 0},${params?.maximum ?? ""}}` : "[\\s\\S]*";
    return new RegExp(`^${regex}$`);
  },
  bigint = /^-?\d+n?$/,
  integer = /^-?\d+$/,
  number = /^-?\d+(?:\.\d+)?$/,
  boolean = /^(?:true|false)$/i,
  _null = /^null$/i;
var _undefined = /^undefined$/i;
var lowercase = /^[^A-Z]*$/,
  uppercase = /^[^a-z]*$/,
  hex = /^[0-9a-fA-F]*$/;
function fixedBase64(bodyLength, padding) {
  return new RegExp(`^[A-Za-z0-9+/]{${bodyLength}}${padding}$`);
}
function fixedBase64url(length) {
  return new RegExp(`^[A-Za-z0-9_-]{${length}}$`);
}
var md5_hex = /^[0-9a-fA-F]{32}$/,
  md5_base64 = fixedBase64(22, "=="),
  md5_base64url = fixedBase64url(22),
  sha1_hex = /^[0-9a-fA-F]{40}$/,
  sha1_base64 = fixedBase64(27, "="),
  sha1_base64url = fixedBase64url(27),
  sha256_hex = /^[0-9a-fA-F]{64}$/,
  sha256_base64 = fixedBase64(43, "="),
  sha256_base64url = fixedBase64url(43),
  sha384_hex = /^[0-9a-fA-F]{96}$/,
  sha384_base64 = fixedBase64(64, ""),
  sha384_base64url = fixedBase64url(64),
  sha512_hex = /^[0-9a-fA-F]{128}$/,
  sha512_base64 = fixedBase64(86, "=="),
  sha512_base64url = fixedBase64url(86);
var $ZodCheck = $constructor("$ZodCheck", (inst, def) => {
    var _a3;
    inst._zod ?? (inst._zod = {}), (inst._zod.def = def), (_a3 = inst._zod).onattach ?? (_a3.onattach = []);
  }),
  _whenHasSize = (payload) => {
    const val = payload.value;
    return !nullish(val) && val.size !== void 0;
  },
  _whenHasLength = (payload) => {
    const val = payload.value;
    return !nullish(val) && val.length !== void 0;
  },
  numericOriginMap = { number: "number", bigint: "bigint", object: "date" },
  $ZodCheckLessThan = $constructor("$ZodCheckLessThan", (inst, def) => {
    $ZodCheck.init(inst, def);
    const origin = numericOriginMap[typeof def.value];
    inst._zod.check = (payload) => {
      (def.inclusive ? payload.value <= def.value : payload.value < def.value) ||
        payload.issues.push({
          origin: numericOriginMap[typeof payload.value] ?? origin,
          code: "too_big",
          maximum: typeof def.value == "object" ? def.value.getTime() : def.value,
          input: payload.value,
          inclusive: def.inclusive,
          inst,
          continue: !def.abort,
        });
    };
  }),
  $ZodCheckGreaterThan = $constructor("$ZodCheckGreaterThan", (inst, def) => {
    $ZodCheck.init(inst, def);
    const origin = numericOriginMap[typeof def.value];
    inst._zod.check = (payload) => {
      (def.inclusive ? payload.value >= def.value : payload.value > def.value) ||
        payload.issues.push({
          origin: numericOriginMap[typeof payload.value] ?? origin,
          code: "too_small",
          minimum: typeof def.value == "object" ? def.value.getTime() : def.value,
          input: payload.value,
          inclusive: def.inclusive,
          inst,
          continue: !def.abort,
        });
    };
  }),
  $ZodCheckMultipleOf = $constructor("$ZodCheckMultipleOf", (inst, def) => {
    $ZodCheck.init(inst, def),
      (inst._zod.check = (payload) => {
        if (typeof payload.value != typeof def.value)
          throw new Error("Cannot mix number and bigint in multiple_of check.");
        (typeof payload.value == "bigint"
          ? def.value !== BigInt(0) && payload.value % def.value === BigInt(0)
          : floatSafeRemainder(payload.value, def.value) === 0) ||
          payload.issues.push({
            origin: typeof payload.value,
            code: "not_multiple_of",
            divisor: def.value,
            input: payload.value,
            inst,
            continue: !def.abort,
          });
      });
  }),
  $ZodCheckNumberFormat = $constructor("$ZodCheckNumberFormat", (inst, def) => {
    $ZodCheck.init(inst, def), (def.format = def.format || "float64");
    const isInt = def.format?.includes("int"),
      origin = isInt ? "int" : "number",
      [minimum, maximum] = NUMBER_FORMAT_RANGES[def.format];
    inst._zod.check = (payload) => {
      const input2 = payload.value;
      if (isInt) {
        if (!Number.isInteger(input2)) {
          payload.issues.push({
            expected: origin,
            format: def.format,
            code: "invalid_type",
            continue: !1,
            input: input2,
            inst,
          });
          return;
        }
        if (!Number.isSafeInteger(input2)) {
          input2 > 0
            ? payload.issues.push({
                input: input2,
                code: "too_big",
                maximum: Number.MAX_SAFE_INTEGER,
                note: "Integers must be within the safe integer range.",
                inst,
                origin,
                inclusive: !0,
                continue: !def.abort,
              })
            : payload.issues.push({
                input: input2,
                code: "too_small",
                minimum: Number.MIN_SAFE_INTEGER,
                note: "Integers must be within the safe integer range.",
                inst,
                origin,
                inclusive: !0,
                continue: !def.abort,
              });
          return;
        }
      }
      input2 < minimum &&
        payload.issues.push({
          origin: "number",
          input: input2,
          code: "too_small",
          minimum,
          inclusive: !0,
          inst,
          continue: !def.abort,
        }),
        input2 > maximum &&
          payload.issues.push({
            origin: "number",
            input: input2,
            code: "too_big",
            maximum,
            inclusive: !0,
            inst,
            continue: !def.abort,
          });
    };
  }),
  $ZodCheckBigIntFormat = $constructor("$ZodCheckBigIntFormat", (inst, def) => {
    $ZodCheck.init(inst, def);
    const [minimum, maximum] = BIGINT_FORMAT_RANGES[def.format];
    inst._zod.check = (payload) => {
      const input2 = payload.value;
      input2 < minimum &&
        payload.issues.push({
          origin: "bigint",
          input: input2,
          code: "too_small",
          minimum,
          inclusive: !0,
          inst,
          continue: !def.abort,
        }),
        input2 > maximum &&
          payload.issues.push({
            origin: "bigint",
            input: input2,
            code: "too_big",
            maximum,
            inclusive: !0,
            inst,
            continue: !def.abort,
          });
    };
  }),
  $ZodCheckMaxSize = $constructor("$ZodCheckMaxSize", (inst, def) => {
    var _a3;
    $ZodCheck.init(inst, def),
      (_a3 = inst._zod.def).when ?? (_a3.when = _whenHasSize),
      (inst._zod.check = (payload) => {
        const input2 = payload.value;
        input2.size <= def.maximum ||
          payload.issues.push({
            origin: getSizableOrigin(input2),
            code: "too_big",
            maximum: def.maximum,
            inclusive: !0,
            input: input2,
            inst,
            continue: !def.abort,
          });
      });
  }),
  $ZodCheckMinSize = $constructor("$ZodCheckMinSize", (inst, def) => {
    var _a3;
    $ZodCheck.init(inst, def),
      (_a3 = inst._zod.def).when ?? (_a3.when = _whenHasSize),
      (inst._zod.check = (payload) => {
        const input2 = payload.value;
        input2.size >= def.minimum ||
          payload.issues.push({
            origin: getSizableOrigin(input2),
            code: "too_small",
            minimum: def.minimum,
            inclusive: !0,
            input: input2,
            inst,
            continue: !def.abort,
          });
      });
  }),
  $ZodCheckSizeEquals = $constructor("$ZodCheckSizeEquals", (inst, def) => {
    var _a3;
    $ZodCheck.init(inst, def),
      (_a3 = inst._zod.def).when ?? (_a3.when = _whenHasSize),
      (inst._zod.check = (payload) => {
        const input2 = payload.value,
          size = input2.size;
        if (size === def.size) return;
        const tooBig = size > def.size;
        payload.issues.push({
          origin: getSizableOrigin(input2),
          ...(tooBig ? { code: "too_big", maximum: def.size } : { code: "too_small", minimum: def.size }),
          inclusive: !0,
          exact: !0,
          input: payload.value,
          inst,
          continue: !def.abort,
        });
      });
  }),
  $ZodCheckMaxLength = $constructor("$ZodCheckMaxLength", (inst, def) => {
    var _a3;
    $ZodCheck.init(inst, def),
      (_a3 = inst._zod.def).when ?? (_a3.when = _whenHasLength),
      (inst._zod.check = (payload) => {
        const input2 = payload.value,
          units = input2.length;
        if ((typeof input2 == "string" && units > def.maximum ? codePointLength(input2) : units) <= def.maximum) return;
        const origin = getLengthableOrigin(input2);
        payload.issues.push({
          origin,
          code: "too_big",
          maximum: def.maximum,
          inclusive: !0,
          input: input2,
          inst,
          continue: !def.abort,
        });
      });
  }),
  $ZodCheckMinLength = $constructor("$ZodCheckMinLength", (inst, def) => {
    var _a3;
    $ZodCheck.init(inst, def),
      (_a3 = inst._zod.def).when ?? (_a3.when = _whenHasLength),
      (inst._zod.check = (payload) => {
        const input2 = payload.value,
          units = input2.length;
        if (
          (typeof input2 == "string" && units >= def.minimum && units < def.minimum * 2
            ? codePointLength(input2)
            : units) >= def.minimum
        )
          return;
        const origin = getLengthableOrigin(input2);
        payload.issues.push({
          origin,
          code: "too_small",
          minimum: def.minimum,
          inclusive: !0,
          input: input2,
          inst,
          continue: !def.abort,
        });
      });
  }),
  $ZodCheckLengthEquals = $constructor("$ZodCheckLengthEquals", (inst, def) => {
    var _a3;
    $ZodCheck.init(inst, def),
      (_a3 = inst._zod.def).when ?? (_a3.when = _whenHasLength),
      (inst._zod.check = (payload) => {
        const input2 = payload.value,
          units = input2.length,
          length =
            typeof input2 == "string" && units >= def.length && units <= def.length * 2
              ? codePointLength(input2)
              : units;
        if (length === def.length) return;
        const origin = getLengthableOrigin(input2),
          tooBig = length > def.length;
        payload.issues.push({
          origin,
          ...(tooBig ? { code: "too_big", maximum: def.length } : { code: "too_small", minimum: def.length }),
          inclusive: !0,
          exact: !0,
          input: payload.value,
          inst,
          continue: !def.abort,
        });
      });
  }),
  $ZodCheckStringFormat = $constructor("$ZodCheckStringFormat", (inst, def) => {
    var _a3, _b;
    $ZodCheck.init(inst, def),
      def.pattern
        ? ((_a3 = inst._zod).check ??
          (_a3.check = (payload) => {
            (def.pattern.lastIndex = 0),
              !def.pattern.test(payload.value) &&
                payload.issues.push({
                  origin: "string",
                  code: "invalid_format",
                  format: def.format,
                  input: payload.value,
                  ...(def.pattern ? { pattern: def.pattern.toString() } : {}),
                  inst,
                  continue: !def.abort,
                });
          }))
        : ((_b = inst._zod).check ?? (_b.check = () => {}));
  }),
  $ZodCheckRegex = $constructor("$ZodCheckRegex", (inst, def) => {
    $ZodCheckStringFormat.init(inst, def),
      (inst._zod.check = (payload) => {
        (def.pattern.lastIndex = 0),
          !def.pattern.test(payload.value) &&
            payload.issues.push({
              origin: "string",
              code: "invalid_format",
              format: "regex",
              input: payload.value,
              pattern: def.pattern.toString(),
              inst,
              continue: !def.abort,
            });
      });
  }),
  $ZodCheckLowerCase = $constructor("$ZodCheckLowerCase", (inst, def) => {
    def.pattern ?? (def.pattern = lowercase), $ZodCheckStringFormat.init(inst, def);
  }),
  $ZodCheckUpperCase = $constructor("$ZodCheckUpperCase", (inst, def) => {
    def.pattern ?? (def.pattern = uppercase), $ZodCheckStringFormat.init(inst, def);
  }),
  $ZodCheckIncludes = $constructor("$ZodCheckIncludes", (inst, def) => {
    $ZodCheck.init(inst, def);
    const escapedRegex = escapeRegex(def.includes),
      pattern = new RegExp(typeof def.position == "number" ? `^.{${def.position},}${escapedRegex}` : escapedRegex);
    (def.pattern = pattern),
      (inst._zod.check = (payload) => {
        payload.value.includes(def.includes, def.position) ||
          payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "includes",
            includes: def.includes,
            input: payload.value,
            inst,
            continue: !def.abort,
          });
      });
  }),
  $ZodCheckStartsWith = $constructor("$ZodCheckStartsWith", (inst, def) => {
    $ZodCheck.init(inst, def);
    const pattern = new RegExp(`^${escapeRegex(def.prefix)}.*`);
    def.pattern ?? (def.pattern = pattern),
      (inst._zod.check = (payload) => {
        payload.value.startsWith(def.prefix) ||
          payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "starts_with",
            prefix: def.prefix,
            input: payload.value,
            inst,
            continue: !def.abort,
          });
      });
  }),
  $ZodCheckEndsWith = $constructor("$ZodCheckEndsWith", (inst, def) => {
    $ZodCheck.init(inst, def);
    const pattern = new RegExp(`.*${escapeRegex(def.suffix)}$`);
    def.pattern ?? (def.pattern = pattern),
      (inst._zod.check = (payload) => {
        payload.value.endsWith(def.suffix) ||
          payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "ends_with",
            suffix: def.suffix,
            input: payload.value,
            inst,
            continue: !def.abort,
          });
      });
  });
function handleCheckPropertyResult(result, payload, property) {
  result.issues.length && payload.issues.push(...prefixIssues(property, result.issues));
}
var $ZodCheckProperty = $constructor("$ZodCheckProperty", (inst, def) => {
    $ZodCheck.init(inst, def),
      (inst._zod.check = (payload) => {
        const result = def.schema._zod.run({ value: payload.value[def.property], issues: [] }, {});
        if (result instanceof Promise)
          return result.then((result2) => handleCheckPropertyResult(result2, payload, def.property));
        handleCheckPropertyResult(result, payload, def.property);
      });
  }),
  $ZodCheckProperties = $constructor("$ZodCheckProperties", (inst, def) => {
    $ZodCheck.init(inst, def),
      hide(inst, Symbol.iterator, function* () {
        yield inst;
      });
    let entries;
    inst._zod.check = (payload) => {
      if (payload.value == null) {
        payload.issues.push({ expected: "object", code: "invalid_type", input: payload.value, inst });
        return;
      }
      entries ?? (entries = Reflect.ownKeys(def.shape).map((key) => [key, def.shape[key]]));
      let input2 = payload.value,
        proms;
      for (const [key, schema] of entries) {
        const result = schema._zod.run({ value: input2[key], issues: [] }, {});
        result instanceof Promise
          ? (proms ?? (proms = []),
            proms.push(result.then((result2) => handleCheckPropertyResult(result2, payload, key))))
          : handleCheckPropertyResult(result, payload, key);
      }
      if (proms) return Promise.all(proms).then(() => {});
    };
  }),
  $ZodCheckMimeType = $constructor("$ZodCheckMimeType", (inst, def) => {
    $ZodCheck.init(inst, def);
    const mimeSet = new Set(def.mime);
    inst._zod.check = (payload) => {
      mimeSet.has(payload.value.type) ||
        payload.issues.push({
          code: "invalid_value",
          values: def.mime,
          input: payload.value.type,
          inst,
          continue: !def.abort,
        });
    };
  }),
  $ZodCheckOverwrite = $constructor("$ZodCheckOverwrite", (inst, def) => {
    $ZodCheck.init(inst, def),
      (inst._zod.check = (payload) => {
        payload.value = def.tx(payload.value);
      });
  });
var Doc = class {
  constructor(args = [], closed = {}) {
    (this.content = []), (this.indent = 0), (this.args = args), (this.closed = closed);
  }
  indented(fn) {
    this.indent += 1;
    try {
      fn(this);
    } finally {
      this.indent -= 1;
    }
  }
  write(arg) {
    if (typeof arg == "function") {
      arg(this, { execution: "sync" }), arg(this, { execution: "async" });
      return;
    }
    const lines = arg
        .split(`
`)
        .filter((x) => x),
      minIndent = Math.min(...lines.map((x) => x.length - x.trimStart().length)),
      dedented = lines.map((x) => x.slice(minIndent)).map((x) => " ".repeat(this.indent * 2) + x);
    for (const line of dedented) this.content.push(line);
  }
  compile() {
    const F = Function,
      content = this?.content ?? [""];
    return new F(
      ...Object.keys(this.closed),
      `return function (${this.args.join(", ")}) {
${content.join(`
`)}
};`,
    )(...Object.values(this.closed));
  }
};
var version = { major: 4, minor: 6, patch: 7 };
var $ZodType = $constructor(
    "$ZodType",
    (inst, def) => {
      var _a3;
      inst ?? (inst = {}), (inst._zod.def = def), (inst._zod.bag = inst._zod.bag || {}), (inst._zod.version = version);
      const defChecks = inst._zod.def.checks,
        checks = inst._zod.traits.has("$ZodCheck")
          ? [inst, ...(defChecks ?? [])]
          : defChecks?.length
            ? [...defChecks]
            : [];
      for (const ch of checks) for (const fn of ch._zod.onattach) fn(inst);
      if (checks.length === 0)
        (_a3 = inst._zod).deferred ?? (_a3.deferred = []),
          inst._zod.deferred?.push(() => {
            inst._zod.run = inst._zod.parse;
          });
      else {
        const runChecks = (payload, checks2, ctx) => {
            if (payload.memo) return payload;
            let isAborted = aborted(payload),
              asyncResult;
            for (const ch of checks2) {
              if (ch._zod.def.when) {
                if (explicitlyAborted(payload) || !ch._zod.def.when(payload)) continue;
              } else if (isAborted) continue;
              const currLen = payload.issues.length,
                _ = ch._zod.check(payload);
              if (_ instanceof Promise && ctx?.async === !1) throw new $ZodAsyncError();
              if (asyncResult || _ instanceof Promise)
                asyncResult = (asyncResult ?? Promise.resolve()).then(async () => {
                  await _,
                    payload.issues.length !== currLen &&
                      (attachSchema(payload.issues, currLen, inst),
                      isAborted || (isAborted = aborted(payload, currLen)));
                });
              else {
                if (payload.issues.length === currLen) continue;
                attachSchema(payload.issues, currLen, inst), isAborted || (isAborted = aborted(payload, currLen));
              }
            }
            return asyncResult ? asyncResult.then(() => payload) : payload;
          },
          handleCanaryResult = (canary, payload, ctx) => {
            if (aborted(canary)) return (canary.aborted = !0), canary;
            const checkResult = runChecks(payload, checks, ctx);
            if (checkResult instanceof Promise) {
              if (ctx.async === !1) throw new $ZodAsyncError();
              return checkResult.then((checkResult2) => inst._zod.parse(checkResult2, ctx));
            }
            return inst._zod.parse(checkResult, ctx);
          };
        inst._zod.run = (payload, ctx) => {
          if (ctx.skipChecks) return inst._zod.parse(payload, ctx);
          if (ctx.direction === "backward") {
            const canary = inst._zod.parse({ value: payload.value, issues: [] }, { ...ctx, skipChecks: !0 });
            return canary instanceof Promise
              ? canary.then((canary2) => handleCanaryResult(canary2, payload, ctx))
              : handleCanaryResult(canary, payload, ctx);
          }
          const result = inst._zod.parse(payload, ctx);
          if (result instanceof Promise) {
            if (ctx.async === !1) throw new $ZodAsyncError();
            return result.then((result2) => runChecks(result2, checks, ctx));
          }
          return runChecks(result, checks, ctx);
        };
      }
    },
    {
      get "~standard"() {
        return hide(this, "~standard", standardProps(this));
      },
      set "~standard"(value) {
        own(this, "~standard", value);
      },
    },
  ),
  toStandardResult = (r, ctx) =>
    r.issues.length ? { issues: r.issues.map((iss) => finalizeIssue(iss, ctx, config())) } : { value: r.value };
async function validateAsync2(inst, value) {
  const ctx = { async: !0 };
  return toStandardResult(await inst._zod.run({ value, issues: [] }, ctx), ctx);
}
function standardProps(inst) {
  return {
    validate: (value) => {
      const ctx = { async: !1 };
      try {
        const r = inst._zod.run({ value, issues: [] }, ctx);
        if (!(r instanceof Promise)) return toStandardResult(r, ctx);
      } catch {}
      return validateAsync2(inst, value);
    },
    vendor: "zod",
    version: 1,
  };
}
var $ZodString = $constructor("$ZodString", (inst, def) => {
    $ZodType.init(inst, def),
      (inst._zod.pattern = def.pattern ?? anyString),
      (inst._zod.parse = (payload, _) => {
        if (def.coerce)
          try {
            payload.value = String(payload.value);
          } catch {}
        return (
          typeof payload.value == "string" ||
            payload.issues.push({ expected: "string", code: "invalid_type", input: payload.value, inst }),
          payload
        );
      });
  }),
  $ZodStringFormat = $constructor("$ZodStringFormat", (inst, def) => {
    $ZodCheckStringFormat.init(inst, def), $ZodString.init(inst, def);
  }),
  $ZodGUID = $constructor("$ZodGUID", (inst, def) => {
    def.pattern ?? (def.pattern = guid), $ZodStringFormat.init(inst, def);
  }),
  $ZodUUID = $constructor("$ZodUUID", (inst, def) => {
    if (def.version) {
      const v = { v1: 1, v2: 2, v3: 3, v4: 4, v5: 5, v6: 6, v7: 7, v8: 8 }[def.version];
      if (v === void 0) throw new Error(`Invalid UUID version: "${def.version}"`);
      def.pattern ?? (def.pattern = uuid(v));
    } else def.pattern ?? (def.pattern = uuid());
    $ZodStringFormat.init(inst, def);
  }),
  $ZodEmail = $constructor("$ZodEmail", (inst, def) => {
    def.pattern ?? (def.pattern = email), $ZodStringFormat.init(inst, def);
  }),
  URL_BAD_FORMAT = 1,
  URL_UNPARSEABLE = 2;
function canParseURL(input2) {
  try {
    return typeof URL < "u" && typeof URL.canParse == "function" ? URL.canParse(input2) : (new URL(input2), !0);
  } catch {
    return !1;
  }
}
function validateURL(trimmed, def) {
  return !("normalize" in def) && !("hostname" in def) && !("protocol" in def)
    ? canParseURL(trimmed) || URL_UNPARSEABLE
    : parseURLObject(trimmed, def);
}
function parseURLObject(trimmed, def) {
  if (!def.normalize && def.protocol?.source === httpProtocol.source && !/^https?:\/\//i.test(trimmed))
    return URL_BAD_FORMAT;
  try {
    if (typeof URL < "u") {
      const URLStatic = URL;
      if (typeof URLStatic.parse == "function") return URLStatic.parse(trimmed) ?? URL_UNPARSEABLE;
    }
    return new URL(trimmed);
  } catch {
    return URL_UNPARSEABLE;
  }
}
var asciiTabOrNewline = /[\t\n\r]/g;
function stripTabAndNewline(value) {
  return value.replace(asciiTabOrNewline, "");
}
function urlHostnameOk(url2, hostname3) {
  return (hostname3.lastIndex = 0), hostname3.test(url2.hostname);
}
function urlProtocolOk(url2, protocol) {
  return (
    (protocol.lastIndex = 0), protocol.test(url2.protocol.endsWith(":") ? url2.protocol.slice(0, -1) : url2.protocol)
  );
}
var $ZodURL = $constructor("$ZodURL", (inst, def) => {
    $ZodStringFormat.init(inst, def),
      (inst._zod.check = (payload) => {
        try {
          const trimmed = payload.value.trim(),
            url2 = validateURL(trimmed, def);
          if (url2 === URL_BAD_FORMAT) {
            payload.issues.push({
              code: "invalid_format",
              format: "url",
              note: "Invalid URL format",
              input: payload.value,
              inst,
              continue: !def.abort,
            });
            return;
          }
          if (url2 === URL_UNPARSEABLE) {
            payload.issues.push({
              code: "invalid_format",
              format: "url",
              input: payload.value,
              inst,
              continue: !def.abort,
            });
            return;
          }
          if (url2 === !0) {
            payload.value = stripTabAndNewline(trimmed);
            return;
          }
          def.hostname &&
            !urlHostnameOk(url2, def.hostname) &&
            payload.issues.push({
              code: "invalid_format",
              format: "url",
              note: "Invalid hostname",
              pattern: def.hostname.source,
              input: payload.value,
              inst,
              continue: !def.abort,
            }),
            def.protocol &&
              !urlProtocolOk(url2, def.protocol) &&
              payload.issues.push({
                code: "invalid_format",
                format: "url",
                note: "Invalid protocol",
                pattern: def.protocol.source,
                input: payload.value,
                inst,
                continue: !def.abort,
              }),
            (payload.value = def.normalize ? url2.href : stripTabAndNewline(trimmed));
          return;
        } catch {
          payload.issues.push({
            code: "invalid_format",
            format: "url",
            input: payload.value,
            inst,
            continue: !def.abort,
          });
        }
      });
  }),
  $ZodEmoji = $constructor("$ZodEmoji", (inst, def) => {
    def.pattern ?? (def.pattern = emoji()), $ZodStringFormat.init(inst, def);
  }),
  $ZodNanoID = $constructor("$ZodNanoID", (inst, def) => {
    if (def.length !== void 0 && (!Number.isInteger(def.length) || def.length < 1))
      throw new Error(`Invalid nanoid length: ${def.length}`);
    def.pattern ?? (def.pattern = def.length === void 0 ? nanoid : nanoidOfLength(def.length)),
      $ZodStringFormat.init(inst, def);
  }),
  $ZodCUID = $constructor("$ZodCUID", (inst, def) => {
    def.pattern ?? (def.pattern = cuid), $ZodStringFormat.init(inst, def);
  }),
  $ZodCUID2 = $constructor("$ZodCUID2", (inst, def) => {
    def.pattern ?? (def.pattern = cuid2), $ZodStringFormat.init(inst, def);
  }),
  $ZodULID = $constructor("$ZodULID", (inst, def) => {
    def.pattern ?? (def.pattern = ulid), $ZodStringFormat.init(inst, def);
  }),
  $ZodXID = $constructor("$ZodXID", (inst, def) => {
    def.pattern ?? (def.pattern = xid), $ZodStringFormat.init(inst, def);
  }),
  $ZodKSUID = $constructor("$ZodKSUID", (inst, def) => {
    def.pattern ?? (def.pattern = ksuid), $ZodStringFormat.init(inst, def);
  }),
  $ZodISODateTime = $constructor("$ZodISODateTime", (inst, def) => {
    def.pattern ?? (def.pattern = datetime(def)), $ZodStringFormat.init(inst, def);
  }),
  $ZodISODate = $constructor("$ZodISODate", (inst, def) => {
    def.pattern ?? (def.pattern = date), $ZodStringFormat.init(inst, def);
  }),
  $ZodISOTime = $constructor("$ZodISOTime", (inst, def) => {
    def.pattern ?? (def.pattern = time(def)), $ZodStringFormat.init(inst, def);
  }),
  $ZodISODuration = $constructor("$ZodISODuration", (inst, def) => {
    def.pattern ?? (def.pattern = duration), $ZodStringFormat.init(inst, def);
  }),
  $ZodIPv4 = $constructor("$ZodIPv4", (inst, def) => {
    def.pattern ?? (def.pattern = ipv4), $ZodStringFormat.init(inst, def);
  }),
  ipv6Alphabet = /^[0-9a-fA-F:.]+$/;
function isValidIPv6(value) {
  return ipv6Alphabet.test(value) ? canParseURL(`http://[${value}]`) : !1;
}
var $ZodIPv6 = $constructor("$ZodIPv6", (inst, def) => {
    def.pattern ?? (def.pattern = ipv6),
      $ZodStringFormat.init(inst, def),
      (inst._zod.check = (payload) => {
        isValidIPv6(payload.value) ||
          payload.issues.push({
            code: "invalid_format",
            format: "ipv6",
            input: payload.value,
            inst,
            continue: !def.abort,
          });
      });
  }),
  $ZodMAC = $constructor("$ZodMAC", (inst, def) => {
    def.pattern ?? (def.pattern = mac(def.delimiter)), $ZodStringFormat.init(inst, def);
  }),
  $ZodCIDRv4 = $constructor("$ZodCIDRv4", (inst, def) => {
    def.pattern ?? (def.pattern = cidrv4), $ZodStringFormat.init(inst, def);
  });
function isValidCIDRv6(value) {
  const parts = value.split("/");
  if (parts.length !== 2) return !1;
  const [address, prefix] = parts;
  if (!prefix) return !1;
  const prefixNum = Number(prefix);
  return `${prefixNum}` !== prefix || prefixNum < 0 || prefixNum > 128 ? !1 : isValidIPv6(address);
}
var $ZodCIDRv6 = $constructor("$ZodCIDRv6", (inst, def) => {
  def.pattern ?? (def.pattern = cidrv6),
    $ZodStringFormat.init(inst, def),
    (inst._zod.check = (payload) => {
      isValidCIDRv6(payload.value) ||
        payload.issues.push({
          code: "invalid_format",
          format: "cidrv6",
          input: payload.value,
          inst,
          continue: !def.abort,
        });
    });
});
function isValidBase64(data) {
  if (data === "") return !0;
  if (/\s/.test(data) || data.length % 4 !== 0) return !1;
  try {
    return atob(data), !0;
  } catch {
    return !1;
  }
}
var base64Charset = /^[0-9a-zA-Z+/]*={0,2}$/,
  $ZodBase64 = $constructor("$ZodBase64", (inst, def) => {
    def.pattern ?? (def.pattern = base64Charset),
      $ZodStringFormat.init(inst, def),
      (inst._zod.check = (payload) => {
        isValidBase64(payload.value) ||
          payload.issues.push({
            code: "invalid_format",
            format: "base64",
            input: payload.value,
            inst,
            continue: !def.abort,
          });
      });
  }),
  base64urlCharset = /^[A-Za-z0-9_-]*$/;
function isValidBase64URL(data) {
  if (!base64urlCharset.test(data)) return !1;
  const base643 = data.replace(/[-_]/g, (c) => (c === "-" ? "+" : "/")),
    padded = base643.padEnd(Math.ceil(base643.length / 4) * 4, "=");
  return isValidBase64(padded);
}
var $ZodBase64URL = $constructor("$ZodBase64URL", (inst, def) => {
    def.pattern ?? (def.pattern = base64urlCharset),
      $ZodStringFormat.init(inst, def),
      (inst._zod.check = (payload) => {
        isValidBase64URL(payload.value) ||
          payload.issues.push({
            code: "invalid_format",
            format: "base64url",
            input: payload.value,
            inst,
            continue: !def.abort,
          });
      });
  }),
  $ZodE164 = $constructor("$ZodE164", (inst, def) => {
    def.pattern ?? (def.pattern = e164), $ZodStringFormat.init(inst, def);
  }),
  CC_SANITIZE = /[- ]/g;
function isLuhnAlgo(digits) {
  let length = digits.length,
    bit = 1,
    sum = 0;
  for (; length; ) {
    const value = digits.charCodeAt(--length) - 48;
    (bit ^= 1), (sum += bit ? [0, 2, 4, 6, 8, 1, 3, 5, 7, 9][value] : value);
  }
  return sum % 10 === 0;
}
function isValidCreditCard(input2) {
  return creditCard.test(input2) ? isLuhnAlgo(input2.replace(CC_SANITIZE, "")) : !1;
}
var $ZodCreditCard = $constructor("$ZodCreditCard", (inst, def) => {
  def.pattern ?? (def.pattern = creditCard),
    $ZodStringFormat.init(inst, def),
    (inst._zod.check = (payload) => {
      isValidCreditCard(payload.value) ||
        payload.issues.push({
          code: "invalid_format",
          format: "credit_card",
          input: payload.value,
          inst,
          continue: !def.abort,
        });
    });
});
function isIso7064Mod97(iban3) {
  let remainder = 0,
    len = iban3.length;
  for (let i = 4; i < len; i++) {
    const code = iban3.charCodeAt(i);
    remainder = (code >= 65 ? remainder * 100 + (code - 55) : remainder * 10 + (code - 48)) % 97;
  }
  for (let i = 0; i < 4; i++) {
    const code = iban3.charCodeAt(i);
    remainder = (code >= 65 ? remainder * 100 + (code - 55) : remainder * 10 + (code - 48)) % 97;
  }
  return remainder === 1;
}
function isValidIBAN(input2) {
  return iban.test(input2) ? isIso7064Mod97(input2) : !1;
}
var $ZodIBAN = $constructor("$ZodIBAN", (inst, def) => {
  def.pattern ?? (def.pattern = iban),
    $ZodStringFormat.init(inst, def),
    (inst._zod.check = (payload) => {
      isValidIBAN(payload.value) ||
        payload.issues.push({
          code: "invalid_format",
          format: "iban",
          input: payload.value,
          inst,
          continue: !def.abort,
        });
    });
});
function isValidJWT(token, algorithm = null) {
  try {
    const tokensParts = token.split(".");
    if (tokensParts.length !== 3) return !1;
    const [header] = tokensParts;
    if (!header) return !1;
    const parsedHeader = JSON.parse(atob(header));
    return !(
      ("typ" in parsedHeader && parsedHeader?.typ !== "JWT") ||
      !parsedHeader.alg ||
      (algorithm && (!("alg" in parsedHeader) || parsedHeader.alg !== algorithm))
    );
  } catch {
    return !1;
  }
}
var $ZodJWT = $constructor("$ZodJWT", (inst, def) => {
    $ZodStringFormat.init(inst, def),
      (inst._zod.check = (payload) => {
        isValidJWT(payload.value, def.alg) ||
          payload.issues.push({
            code: "invalid_format",
            format: "jwt",
            input: payload.value,
            inst,
            continue: !def.abort,
          });
      });
  }),
  $ZodCustomStringFormat = $constructor("$ZodCustomStringFormat", (inst, def) => {
    $ZodStringFormat.init(inst, def),
      (inst._zod.check = (payload) => {
        def.fn(payload.value) ||
          payload.issues.push({
            code: "invalid_format",
            format: def.format,
            input: payload.value,
            inst,
            continue: !def.abort,
          });
      });
  }),
  $ZodNumber = $constructor("$ZodNumber", (inst, def) => {
    $ZodType.init(inst, def),
      (inst._zod.pattern = number),
      (inst._zod.parse = (payload, _ctx) => {
        if (def.coerce)
          try {
            payload.value = Number(payload.value);
          } catch {}
        const input2 = payload.value;
        if (typeof input2 == "number" && !Number.isNaN(input2) && Number.isFinite(input2)) return payload;
        const received =
          typeof input2 == "number"
            ? Number.isNaN(input2)
              ? "NaN"
              : Number.isFinite(input2)
                ? void 0
                : String(input2)
            : void 0;
        return (
          payload.issues.push({
            expected: "number",
            code: "invalid_type",
            input: input2,
            inst,
            ...(received ? { received } : {}),
          }),
          payload
        );
      });
  }),
  $ZodNumberFormat = $constructor("$ZodNumberFormat", (inst, def) => {
    $ZodCheckNumberFormat.init(inst, def), $ZodNumber.init(inst, def);
  }),
  $ZodBoolean = $constructor("$ZodBoolean", (inst, def) => {
    $ZodType.init(inst, def),
      (inst._zod.pattern = boolean),
      (inst._zod.parse = (payload, _ctx) => {
        if (def.coerce)
          try {
            payload.value = !!payload.value;
          } catch {}
        const input2 = payload.value;
        return (
          typeof input2 == "boolean" ||
            payload.issues.push({ expected: "boolean", code: "invalid_type", input: input2, inst }),
          payload
        );
      });
  }),
  $ZodBigInt = $constructor("$ZodBigInt", (inst, def) => {
    $ZodType.init(inst, def),
      (inst._zod.pattern = bigint),
      (inst._zod.parse = (payload, _ctx) => {
        if (def.coerce)
          try {
            payload.value = BigInt(payload.value);
          } catch {}
        return (
          typeof payload.value == "bigint" ||
            payload.issues.push({ expected: "bigint", code: "invalid_type", input: payload.value, inst }),
          payload
        );
      });
  }),
  $ZodBigIntFormat = $constructor("$ZodBigIntFormat", (inst, def) => {
    $ZodCheckBigIntFormat.init(inst, def), $ZodBigInt.init(inst, def);
  }),
  $ZodSymbol = $constructor("$ZodSymbol", (inst, def) => {
    $ZodType.init(inst, def),
      (inst._zod.parse = (payload, _ctx) => {
        const input2 = payload.value;
        return (
          typeof input2 == "symbol" ||
            payload.issues.push({ expected: "symbol", code: "invalid_type", input: input2, inst }),
          payload
        );
      });
  }),
  $ZodUndefined = $constructor("$ZodUndefined", (inst, def) => {
    $ZodType.init(inst, def),
      (inst._zod.pattern = _undefined),
      (inst._zod.values = new Set([void 0])),
      (inst._zod.parse = (payload, _ctx) => {
        const input2 = payload.value;
        return (
          typeof input2 > "u" ||
            payload.issues.push({ expected: "undefined", code: "invalid_type", input: input2, inst }),
          payload
        );
      });
  }),
  $ZodNull = $constructor("$ZodNull", (inst, def) => {
    $ZodType.init(inst, def),
      (inst._zod.pattern = _null),
      (inst._zod.values = new Set([null])),
      (inst._zod.parse = (payload, _ctx) => {
        const input2 = payload.value;
        return (
          input2 === null || payload.issues.push({ expected: "null", code: "invalid_type", input: input2, inst }),
          payload
        );
      });
  }),
  $ZodAny = $constructor("$ZodAny", (inst, def) => {
    $ZodType.init(inst, def), (inst._zod.parse = (payload) => payload);
  }),
  $ZodUnknown = $constructor("$ZodUnknown", (inst, def) => {
    $ZodType.init(inst, def), (inst._zod.parse = (payload) => payload);
  }),
  $ZodNever = $constructor("$ZodNever", (inst, def) => {
    $ZodType.init(inst, def),
      (inst._zod.parse = (payload, _ctx) => (
        payload.issues.push({ expected: "never", code: "invalid_type", input: payload.value, inst }), payload
      ));
  }),
  $ZodVoid = $constructor("$ZodVoid", (inst, def) => {
    $ZodType.init(inst, def),
      (inst._zod.parse = (payload, _ctx) => {
        const input2 = payload.value;
        return (
          typeof input2 > "u" || payload.issues.push({ expected: "void", code: "invalid_type", input: input2, inst }),
          payload
        );
      });
  }),
  $ZodDate = $constructor("$ZodDate", (inst, def) => {
    $ZodType.init(inst, def),
      (inst._zod.parse = (payload, _ctx) => {
        if (def.coerce)
          try {
            payload.value = new Date(payload.value);
          } catch {}
        const input2 = payload.value,
          isDate = input2 instanceof Date;
        return (
          (isDate && !Number.isNaN(input2.getTime())) ||
            payload.issues.push({
              expected: "date",
              code: "invalid_type",
              input: input2,
              ...(isDate ? { received: "Invalid Date" } : {}),
              inst,
            }),
          payload
        );
      });
  });
function capSize(inst, size) {
  const caps = sizeCaps(inst._zod.def.checks);
  if (!caps.length) return;
  const cap = Math.min(...caps.map((c) => c[0])),
    parse3 = inst._zod.parse;
  inst._zod.parse = (payload, ctx) => {
    const n = size(payload.value);
    if (n > cap && !ctx?.skipChecks && ctx?.direction !== "backward") {
      for (const [max, ch] of sizeCaps(inst._zod.def.checks))
        if (n > max && ch._zod.def.when(payload)) {
          const start = payload.issues.length;
          return (
            ch._zod.check(payload),
            (payload.issues[start].continue = !1),
            attachSchema(payload.issues, start, inst),
            payload
          );
        }
    }
    return parse3(payload, ctx);
  };
}
var arraySize = (input2) => (Array.isArray(input2) ? input2.length : -1),
  mapSize = (input2) => (input2 instanceof Map ? input2.size : -1),
  setSize = (input2) => (input2 instanceof Set ? input2.size : -1);
function handleArrayResult(result, final, index) {
  result.issues.length && final.issues.push(...prefixIssues(index, result.issues)), (final.value[index] = result.value);
}
var $ZodArray = $constructor("$ZodArray", (inst, def) => {
  $ZodType.init(inst, def);
  const memo2 = globalConfig.memoizer;
  memo2?.attach(inst),
    (inst._zod.parse = (payload, ctx) => {
      const input2 = payload.value;
      if (!Array.isArray(input2))
        return payload.issues.push({ expected: "array", code: "invalid_type", input: input2, inst }), payload;
      payload.value = memo2 ? memo2.alloc(inst, payload, Array(input2.length), ctx) : Array(input2.length);
      const proms = [],
        abortEarly = ctx?.abortEarly;
      for (let i = 0; i < input2.length; i++) {
        const item = input2[i],
          result = def.element._zod.run({ value: item, issues: [] }, ctx);
        if (result instanceof Promise) proms.push(result.then((result2) => handleArrayResult(result2, payload, i)));
        else if ((handleArrayResult(result, payload, i), abortEarly && result.issues.length !== 0 && aborted(result)))
          break;
      }
      return proms.length ? Promise.all(proms).then(() => payload) : payload;
    }),
    capSize(inst, arraySize);
});
function handlePropertyResult(result, final, key, input2, optin, optout) {
  const isPresent = key in input2,
    isOptionalOut = optout === "optional";
  if (!(!isPresent && isOptionalOut && optin === "optional")) {
    if (result.issues.length) {
      if (optin !== void 0 && isOptionalOut && !isPresent) return;
      final.issues.push(...prefixIssues(key, result.issues));
    }
    if (!isPresent && optin === void 0) {
      result.issues.length ||
        final.issues.push({ code: "invalid_type", expected: "nonoptional", input: void 0, path: [key] });
      return;
    }
    result.value === void 0
      ? (isPresent || (optin === "defaulted" && !isOptionalOut)) && (final.value[key] = void 0)
      : (final.value[key] = result.value);
  }
}
var NO_SYMBOL_KEYS = [];
function normalizeDef(def) {
  const keys = Object.keys(def.shape),
    ownSymbols = Object.getOwnPropertySymbols(def.shape),
    symbolKeys = ownSymbols.length ? ownSymbols : NO_SYMBOL_KEYS,
    allKeys = symbolKeys.length ? [...keys, ...symbolKeys] : keys;
  for (const k of allKeys)
    if (!def.shape?.[k]?._zod?.traits?.has("$ZodType"))
      throw new Error(`Invalid element at key "${String(k)}": expected a Zod schema`);
  const okeys = optionalKeys(def.shape);
  return { ...def, allKeys, symbolKeys, keySet: new Set(keys), numKeys: keys.length, optionalKeys: new Set(okeys) };
}
function handleCatchall(proms, input2, payload, ctx, def, inst, abortEarly) {
  let unrecognized = [],
    keySet = def.keySet,
    _catchall = def.catchall._zod,
    t = _catchall.def.type,
    optin = _catchall.optin,
    optout = _catchall.optout,
    seen = 0;
  for (const key in input2) {
    if (abortEarly && payload.issues.length !== seen) {
      if (aborted(payload, seen)) break;
      seen = payload.issues.length;
    }
    if (keySet.has(key)) continue;
    if (key === "__proto__") {
      t === "never" && unrecognized.push(key);
      continue;
    }
    if (t === "never") {
      unrecognized.push(key);
      continue;
    }
    const r = _catchall.run({ value: input2[key], issues: [] }, ctx);
    r instanceof Promise
      ? proms.push(r.then((r2) => handlePropertyResult(r2, payload, key, input2, optin, optout)))
      : handlePropertyResult(r, payload, key, input2, optin, optout);
  }
  return (
    unrecognized.length &&
      payload.issues.push({ code: "unrecognized_keys", keys: unrecognized, input: input2, inst, continue: !0 }),
    proms.length ? Promise.all(proms).then(() => payload) : payload
  );
}
var $ZodObject = $constructor("$ZodObject", (inst, def) => {
    $ZodType.init(inst, def);
    const desc = Object.getOwnPropertyDescriptor(def, "shape"),
      sh = desc?.get ? desc.get.raw : (def.shape ?? {});
    if (sh) {
      const get = () => {
        const newSh = { ...sh };
        return Object.defineProperty(def, "shape", { value: newSh }), (get.raw = newSh), newSh;
      };
      (get.raw = sh), Object.defineProperty(def, "shape", { get });
    }
    const _normalized = cached(() => normalizeDef(def));
    defineLazyInternal(inst, "propValues", (zod) => {
      const shape = zod.def.shape,
        propValues = {};
      for (const key in shape) {
        const field = shape[key]._zod;
        if (field.values) {
          Object.hasOwn(propValues, key) || assignProp(propValues, key, new Set());
          for (const v of field.values) propValues[key].add(v);
          field.optin !== void 0 && propValues[key].add(void 0);
        }
      }
      return propValues;
    });
    let isObject2 = isObject,
      catchall = def.catchall,
      value,
      memo2 = globalConfig.memoizer;
    memo2?.attach(inst),
      (inst._zod.parse = (payload, ctx) => {
        value ?? (value = _normalized.value);
        const input2 = payload.value;
        if (!isObject2(input2))
          return payload.issues.push({ expected: "object", code: "invalid_type", input: input2, inst }), payload;
        payload.value = memo2 ? memo2.alloc(inst, payload, {}, ctx) : {};
        let proms = [],
          shape = value.shape,
          abortEarly = ctx?.abortEarly,
          seen = payload.issues.length;
        for (const key of value.allKeys) {
          if (abortEarly && payload.issues.length !== seen) {
            if (aborted(payload, seen)) break;
            seen = payload.issues.length;
          }
          if (key === "__proto__") continue;
          const el = shape[key],
            optin = el._zod.optin,
            optout = el._zod.optout,
            r = el._zod.run({ value: input2[key], issues: [] }, ctx);
          r instanceof Promise
            ? proms.push(r.then((r2) => handlePropertyResult(r2, payload, key, input2, optin, optout)))
            : handlePropertyResult(r, payload, key, input2, optin, optout);
        }
        return catchall
          ? handleCatchall(proms, input2, payload, ctx, _normalized.value, inst, abortEarly === !0)
          : proms.length
            ? Promise.all(proms).then(() => payload)
            : payload;
      });
  }),
  $ZodObjectJIT = $constructor("$ZodObjectJIT", (inst, def) => {
    $ZodObject.init(inst, def);
    let superParse = inst._zod.parse,
      _normalized = cached(() => normalizeDef(def)),
      memo2 = globalConfig.memoizer,
      generateFastpass = (shape) => {
        const normalized = _normalized.value,
          syms = normalized.symbolKeys,
          doc = new Doc(["payload", "ctx"], { shape, inst, memo: memo2, syms }),
          parseStr = (k) => `shape[${k}]._zod.run({ value: input[${k}], issues: [] }, ctx)`,
          prefixStr = (id, k) => `
          let ${id}_ab = false;
          for (let i = 0; i < ${id}.issues.length; i++) {
            const iss = ${id}.issues[i];
            iss.path = iss.path ? [${k}, ...iss.path] : [${k}];
            payload.issues.push(iss);
            if (iss.continue !== true) ${id}_ab = true;
          }
          if (${id}_ab && ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }`;
        doc.write("const input = payload.value;");
        let ids = Object.create(null),
          counter = 0;
        for (const key of normalized.allKeys) ids[key] = `key_${counter++}`;
        doc.write(memo2 ? "const newResult = memo.alloc(inst, payload, {}, ctx);" : "const newResult = {};");
        for (const key of normalized.allKeys) {
          if (key === "__proto__") continue;
          const id = ids[key],
            k = typeof key == "symbol" ? `syms[${syms.indexOf(key)}]` : esc(key),
            isPresent = `${k} in input`,
            schema = shape[key],
            optin = schema?._zod?.optin,
            isOptionalIn = optin !== void 0,
            isOptionalOut = schema?._zod?.optout === "optional";
          if ((doc.write(`const ${id} = ${parseStr(k)};`), isOptionalIn && isOptionalOut)) {
            const assign = optin === "optional" ? `${id}_present` : `${id}.value !== undefined || ${id}_present`;
            doc.write(`
        const ${id}_present = ${isPresent};
        if (!${id}.issues.length || ${id}_present) {
          if (${id}.issues.length) {${prefixStr(id, k)}
          }

          if (${assign}) {
            newResult[${k}] = ${id}.value;
          }
        }

      `);
          } else
            isOptionalIn
              ? (doc.write(`
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
      `),
                optin === "defaulted"
                  ? doc.write(`newResult[${k}] = ${id}.value;`)
                  : doc.write(`
        if (${id}.value !== undefined || ${isPresent}) {
          newResult[${k}] = ${id}.value;
        }
      `))
              : doc.write(`
        const ${id}_present = ${isPresent};
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
        if (!${id}_present && !${id}.issues.length) {
          payload.issues.push({
            code: "invalid_type",
            expected: "nonoptional",
            input: undefined,
            path: [${k}]
          });
          if (ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }
        }

        if (${id}_present) {
          newResult[${k}] = ${id}.value;
        }

      `);
        }
        return doc.write("payload.value = newResult;"), doc.write("return payload;"), doc.compile();
      },
      fastpass,
      isObject2 = isObject,
      jit = !globalConfig.jitless,
      fastEnabled = jit && allowsEval.value,
      catchall = def.catchall,
      value;
    inst._zod.parse = (payload, ctx) => {
      value ?? (value = _normalized.value);
      const input2 = payload.value;
      return isObject2(input2)
        ? jit && fastEnabled && ctx?.async === !1 && ctx.jitless !== !0
          ? (fastpass || (fastpass = generateFastpass(def.shape)),
            (payload = fastpass(payload, ctx)),
            catchall ? handleCatchall([], input2, payload, ctx, value, inst, ctx?.abortEarly === !0) : payload)
          : superParse(payload, ctx)
        : (payload.issues.push({ expected: "object", code: "invalid_type", input: input2, inst }), payload);
    };
  });
function handleUnionResults(results, final, inst, ctx) {
  for (const result of results) if (result.issues.length === 0) return (final.value = result.value), final;
  const nonaborted = results.filter((r) => !aborted(r));
  return nonaborted.length === 1
    ? ((final.value = nonaborted[0].value), nonaborted[0])
    : (final.issues.push({
        code: "invalid_union",
        input: final.value,
        inst,
        errors: results.map((result) => result.issues.map((iss) => finalizeIssue(iss, ctx, config()))),
      }),
      final);
}
var $ZodUnion = $constructor("$ZodUnion", (inst, def) => {
  $ZodType.init(inst, def),
    defineLazyInternal(inst, "optin", (zod) =>
      zod.def.options.some((o) => o._zod.optin === "defaulted")
        ? "defaulted"
        : zod.def.options.some((o) => o._zod.optin !== void 0)
          ? "optional"
          : void 0,
    ),
    defineLazyInternal(inst, "optout", (zod) =>
      zod.def.options.some((o) => o._zod.optout === "optional") ? "optional" : void 0,
    ),
    defineLazyInternal(inst, "values", (zod) => {
      if (zod.def.options.every((o) => o._zod.values))
        return new Set(zod.def.options.flatMap((option) => Array.from(option._zod.values)));
    }),
    defineLazyInternal(inst, "pattern", (zod) => {
      if (zod.def.options.every((o) => o._zod.pattern)) {
        const patterns = zod.def.options.map((o) => o._zod.pattern);
        return new RegExp(`^(${patterns.map((p) => cleanRegex(p.source)).join("|")})$`);
      }
    });
  const first = def.options.length === 1 ? def.options[0]._zod.run : null;
  inst._zod.parse = (payload, ctx) => {
    if (first) return first(payload, ctx);
    let async = !1,
      results = [];
    for (const option of def.options) {
      const result = option._zod.run({ value: payload.value, issues: [] }, ctx);
      if (result instanceof Promise) results.push(result), (async = !0);
      else {
        if (result.issues.length === 0) return result;
        results.push(result);
      }
    }
    return async
      ? Promise.all(results).then((results2) => handleUnionResults(results2, payload, inst, ctx))
      : handleUnionResults(results, payload, inst, ctx);
  };
});
function handleExclusiveUnionResults(results, final, inst, ctx) {
  const matches = [];
  for (let i = 0; i < results.length; i++) results[i].issues.length === 0 && matches.push(i);
  return matches.length === 1
    ? ((final.value = results[matches[0]].value), final)
    : (matches.length === 0
        ? final.issues.push({
            code: "invalid_union",
            input: final.value,
            inst,
            errors: results.map((result) => result.issues.map((iss) => finalizeIssue(iss, ctx, config()))),
          })
        : final.issues.push({ code: "invalid_union", input: final.value, inst, errors: [], inclusive: !1, matches }),
      final);
}
var $ZodXor = $constructor("$ZodXor", (inst, def) => {
  $ZodUnion.init(inst, def), (def.inclusive = !1);
  const first = def.options.length === 1 ? def.options[0]._zod.run : null;
  inst._zod.parse = (payload, ctx) => {
    if (first) return first(payload, ctx);
    let async = !1,
      results = [];
    for (const option of def.options) {
      const result = option._zod.run({ value: payload.value, issues: [] }, ctx);
      result instanceof Promise ? (results.push(result), (async = !0)) : results.push(result);
    }
    return async
      ? Promise.all(results).then((results2) => handleExclusiveUnionResults(results2, payload, inst, ctx))
      : handleExclusiveUnionResults(results, payload, inst, ctx);
  };
});
function getDiscriminatedOption(union2, value) {
  let internals = union2._zod,
    map2 = internals.bag.optionsMap;
  map2 || ((map2 = discriminatorMap(internals.def)), (internals.bag.optionsMap = map2));
  const option = map2.get(value);
  if (option === null) throw new Error(`Ambiguous discriminator value "${String(value)}"`);
  return option;
}
function discriminatorMap(def) {
  const map2 = new Map();
  for (const option of def.options) {
    const values = option._zod.propValues?.[def.discriminator];
    if (!values || values.size === 0)
      throw new Error(`Invalid discriminated union option at index "${def.options.indexOf(option)}"`);
    for (const value of values)
      if (map2.has(value)) {
        if (value !== void 0) throw new Error(`Duplicate discriminator value "${String(value)}"`);
        map2.set(value, null);
      } else map2.set(value, option);
  }
  return map2;
}
var $ZodDiscriminatedUnion = $constructor("$ZodDiscriminatedUnion", (inst, def) => {
    (def.inclusive = !1), $ZodUnion.init(inst, def);
    const _super = inst._zod.parse;
    defineLazyInternal(inst, "propValues", (zod) => {
      let propValues = {},
        undefinedCount = 0;
      for (const option of zod.def.options) {
        const pv = option._zod.propValues;
        if (!pv || Object.keys(pv).length === 0)
          throw new Error(`Invalid discriminated union option at index "${zod.def.options.indexOf(option)}"`);
        pv[zod.def.discriminator]?.has(void 0) && undefinedCount++;
        for (const [k, v] of Object.entries(pv)) {
          Object.hasOwn(propValues, k) || assignProp(propValues, k, new Set());
          for (const val of v) propValues[k].add(val);
        }
      }
      return (
        !zod.def.unionFallback && undefinedCount > 1 && propValues[zod.def.discriminator]?.delete(void 0), propValues
      );
    }),
      def.options.forEach((option, i) => {
        const propShape = rawShape(option._zod.def);
        if (propShape && !Object.hasOwn(propShape, def.discriminator))
          throw new Error(`Invalid discriminated union option at index "${i}"`);
      });
    const disc = cached(() => discriminatorMap(def));
    inst._zod.parse = (payload, ctx) => {
      const input2 = payload.value;
      if (!isObject(input2))
        return payload.issues.push({ code: "invalid_type", expected: "object", input: input2, inst }), payload;
      const value = input2?.[def.discriminator],
        opt = disc.value.get(value);
      return opt && (value !== void 0 || ctx.direction !== "backward")
        ? opt._zod.run(payload, ctx)
        : def.unionFallback || ctx.direction === "backward"
          ? _super(payload, ctx)
          : (payload.issues.push({
              code: "invalid_union",
              errors: [],
              note: "No matching discriminator",
              discriminator: def.discriminator,
              options: Array.from(disc.value.keys()).filter((value2) => disc.value.get(value2) !== null),
              input: input2,
              path: [def.discriminator],
              inst,
            }),
            payload);
    };
  }),
  $ZodIntersection = $constructor("$ZodIntersection", (inst, def) => {
    $ZodType.init(inst, def),
      (inst._zod.parse = (payload, ctx) => {
        const input2 = payload.value,
          left = def.left._zod.run({ value: input2, issues: [] }, ctx),
          right = def.right._zod.run({ value: input2, issues: [] }, ctx);
        return left instanceof Promise || right instanceof Promise
          ? Promise.all([left, right]).then(([left2, right2]) => handleIntersectionResults(payload, left2, right2))
          : handleIntersectionResults(payload, left, right);
      });
  });
function mergeValues(a, b) {
  if (a === b) return { valid: !0, data: a };
  if (a instanceof Date && b instanceof Date && +a == +b) return { valid: !0, data: a };
  if (isPlainObject(a) && isPlainObject(b)) {
    const bKeys = Object.keys(b),
      sharedKeys = Object.keys(a).filter((key) => bKeys.indexOf(key) !== -1),
      newObj = { ...a, ...b };
    Object.hasOwn(newObj, "__proto__") && delete newObj.__proto__;
    for (const key of sharedKeys) {
      if (key === "__proto__") continue;
      const sharedValue = mergeValues(a[key], b[key]);
      if (!sharedValue.valid) return { valid: !1, mergeErrorPath: [key, ...sharedValue.mergeErrorPath] };
      newObj[key] = sharedValue.data;
    }
    return { valid: !0, data: newObj };
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return { valid: !1, mergeErrorPath: [] };
    const newArray = [];
    for (let index = 0; index < a.length; index++) {
      const itemA = a[index],
        itemB = b[index],
        sharedValue = mergeValues(itemA, itemB);
      if (!sharedValue.valid) return { valid: !1, mergeErrorPath: [index, ...sharedValue.mergeErrorPath] };
      newArray.push(sharedValue.data);
    }
    return { valid: !0, data: newArray };
  }
  return { valid: !1, mergeErrorPath: [] };
}
function handleIntersectionResults(result, left, right) {
  let unrecKeys = new Map(),
    unrecIssue,
    keyIssues = new Map(),
    collect = (iss, side) => {
      let keys;
      if (iss.code === "unrecognized_keys" && !iss.path?.length) unrecIssue ?? (unrecIssue = iss), (keys = iss.keys);
      else if (iss.code === "invalid_key" && iss.origin === "record" && iss.path?.length === 1) {
        const k = String(iss.path[0]);
        keyIssues.has(k) || keyIssues.set(k, iss), (keys = [k]);
      } else return !1;
      for (const k of keys) unrecKeys.has(k) || unrecKeys.set(k, {}), (unrecKeys.get(k)[side] = !0);
      return !0;
    };
  for (const iss of left.issues) collect(iss, "l") || result.issues.push(iss);
  for (const iss of right.issues) collect(iss, "r") || result.issues.push(iss);
  const bothKeys = [...unrecKeys].filter(([, f]) => f.l && f.r).map(([k]) => k);
  if (bothKeys.length) {
    const aggregated = unrecIssue ? bothKeys.filter((k) => unrecIssue.keys.includes(k)) : [];
    aggregated.length && result.issues.push({ ...unrecIssue, keys: aggregated });
    for (const k of bothKeys) !aggregated.includes(k) && keyIssues.has(k) && result.issues.push(keyIssues.get(k));
  }
  const merged = mergeValues(left.value, right.value);
  if (!merged.valid) {
    if (aborted(result)) return result;
    throw new Error(`Unmergable intersection. Error path: ${JSON.stringify(merged.mergeErrorPath)}`);
  }
  return (result.value = merged.data), result;
}
var $ZodTuple = $constructor("$ZodTuple", (inst, def) => {
  $ZodType.init(inst, def);
  const items = def.items,
    memo2 = globalConfig.memoizer;
  memo2?.attach(inst),
    (inst._zod.parse = (payload, ctx) => {
      const input2 = payload.value;
      if (!Array.isArray(input2))
        return payload.issues.push({ input: input2, inst, expected: "tuple", code: "invalid_type" }), payload;
      payload.value = memo2 ? memo2.alloc(inst, payload, [], ctx) : [];
      const proms = [],
        optinStart = getTupleOptStart(items, "optin"),
        optoutStart = getTupleOptStart(items, "optout");
      if (!def.rest) {
        if (input2.length < optinStart)
          return (
            payload.issues.push({
              code: "too_small",
              minimum: optinStart,
              inclusive: !0,
              input: input2,
              inst,
              origin: "array",
            }),
            payload
          );
        input2.length > items.length &&
          payload.issues.push({
            code: "too_big",
            maximum: items.length,
            inclusive: !0,
            input: input2,
            inst,
            origin: "array",
          });
      }
      let itemResults = new Array(items.length),
        abortEarly = def.rest ? ctx?.abortEarly : void 0,
        itemAborted = !1;
      for (let i = 0; i < items.length; i++) {
        const r = items[i]._zod.run({ value: input2[i], issues: [] }, ctx);
        r instanceof Promise
          ? proms.push(
              r.then((rr) => {
                itemResults[i] = rr;
              }),
            )
          : ((itemResults[i] = r), abortEarly && !itemAborted && r.issues.length && (itemAborted = aborted(r)));
      }
      if (def.rest && !itemAborted) {
        let i = items.length - 1,
          rest = input2.slice(items.length),
          seen = payload.issues.length;
        for (const el of rest) {
          if (abortEarly && payload.issues.length !== seen) {
            if (aborted(payload, seen)) break;
            seen = payload.issues.length;
          }
          i++;
          const result = def.rest._zod.run({ value: el, issues: [] }, ctx);
          result instanceof Promise
            ? proms.push(result.then((r) => handleTupleResult(r, payload, i)))
            : handleTupleResult(result, payload, i);
        }
      }
      return proms.length
        ? Promise.all(proms).then(() => handleTupleResults(itemResults, payload, items, input2, optoutStart))
        : handleTupleResults(itemResults, payload, items, input2, optoutStart);
    });
});
function getTupleOptStart(items, key) {
  for (let i = items.length - 1; i >= 0; i--)
    if (!(key === "optin" ? items[i]._zod.optin !== void 0 : items[i]._zod.optout === "optional")) return i + 1;
  return 0;
}
function handleTupleResult(result, final, index) {
  result.issues.length && final.issues.push(...prefixIssues(index, result.issues)), (final.value[index] = result.value);
}
function handleTupleResults(itemResults, final, items, input2, optoutStart) {
  for (let i = 0; i < items.length; i++) {
    const r = itemResults[i],
      isPresent = i < input2.length;
    if (!isPresent && i >= optoutStart && items[i]._zod.optin === "optional") {
      final.value.length = i;
      break;
    }
    if (r.issues.length) {
      if (!isPresent && i >= optoutStart) {
        final.value.length = i;
        break;
      }
      final.issues.push(...prefixIssues(i, r.issues));
    }
    final.value[i] = r.value;
  }
  for (
    let i = final.value.length - 1;
    i >= input2.length && items[i]._zod.optout === "optional" && final.value[i] === void 0;
    i--
  )
    final.value.length = i;
  return final;
}
var $ZodRecord = $constructor("$ZodRecord", (inst, def) => {
    $ZodType.init(inst, def);
    const memo2 = globalConfig.memoizer;
    memo2?.attach(inst),
      (inst._zod.parse = (payload, ctx) => {
        const input2 = payload.value;
        if (!isPlainObject(input2))
          return payload.issues.push({ expected: "record", code: "invalid_type", input: input2, inst }), payload;
        const proms = [],
          values = def.keyType._zod.values;
        if (values && !def.partial) {
          payload.value = memo2 ? memo2.alloc(inst, payload, {}, ctx) : {};
          const recordKeys = new Set();
          for (const key of values)
            if (typeof key == "string" || typeof key == "number" || typeof key == "symbol") {
              if ((recordKeys.add(typeof key == "number" ? key.toString() : key), key === "__proto__")) continue;
              const keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
              if (keyResult instanceof Promise) throw new Error("Async schemas not supported in object keys currently");
              if (keyResult.issues.length) {
                payload.issues.push({
                  code: "invalid_key",
                  origin: "record",
                  issues: keyResult.issues.map((iss) => finalizeIssue(iss, ctx, config())),
                  input: key,
                  path: [key],
                  inst,
                });
                continue;
              }
              const outKey = keyResult.value;
              if (outKey === "__proto__") continue;
              const result = def.valueType._zod.run({ value: input2[key], issues: [] }, ctx);
              result instanceof Promise
                ? proms.push(
                    result.then((result2) => {
                      result2.issues.length && payload.issues.push(...prefixIssues(key, result2.issues)),
                        (payload.value[outKey] = result2.value);
                    }),
                  )
                : (result.issues.length && payload.issues.push(...prefixIssues(key, result.issues)),
                  (payload.value[outKey] = result.value));
            }
          let unrecognized;
          for (const key in input2)
            if (!recordKeys.has(key))
              if (def.mode === "loose") {
                if (key === "__proto__") continue;
                payload.value[key] = input2[key];
              } else (unrecognized = unrecognized ?? []), unrecognized.push(key);
          unrecognized &&
            unrecognized.length > 0 &&
            payload.issues.push({ code: "unrecognized_keys", input: input2, inst, keys: unrecognized, continue: !0 });
        } else {
          payload.value = memo2 ? memo2.alloc(inst, payload, {}, ctx) : {};
          let unrecognized;
          for (const key of Reflect.ownKeys(input2)) {
            if (key === "__proto__" || !Object.prototype.propertyIsEnumerable.call(input2, key)) continue;
            let keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
            if (keyResult instanceof Promise) throw new Error("Async schemas not supported in object keys currently");
            if (typeof key == "string" && number.test(key) && keyResult.issues.length) {
              const retryResult = def.keyType._zod.run({ value: Number(key), issues: [] }, ctx);
              if (retryResult instanceof Promise)
                throw new Error("Async schemas not supported in object keys currently");
              retryResult.issues.length === 0 && (keyResult = retryResult);
            }
            if (keyResult.issues.length) {
              def.mode === "loose"
                ? (payload.value[key] = input2[key])
                : values
                  ? ((unrecognized = unrecognized ?? []), unrecognized.push(key))
                  : payload.issues.push({
                      code: "invalid_key",
                      origin: "record",
                      issues: keyResult.issues.map((iss) => finalizeIssue(iss, ctx, config())),
                      input: key,
                      path: [key],
                      inst,
                    });
              continue;
            }
            const outKey = keyResult.value;
            if (outKey === "__proto__") continue;
            const result = def.valueType._zod.run({ value: input2[key], issues: [] }, ctx);
            result instanceof Promise
              ? proms.push(
                  result.then((result2) => {
                    result2.issues.length && payload.issues.push(...prefixIssues(key, result2.issues)),
                      (payload.value[outKey] = result2.value);
                  }),
                )
              : (result.issues.length && payload.issues.push(...prefixIssues(key, result.issues)),
                (payload.value[outKey] = result.value));
          }
          unrecognized &&
            unrecognized.length > 0 &&
            payload.issues.push({ code: "unrecognized_keys", input: input2, inst, keys: unrecognized, continue: !0 });
        }
        return proms.length ? Promise.all(proms).then(() => payload) : payload;
      });
  }),
  $ZodMap = $constructor("$ZodMap", (inst, def) => {
    $ZodType.init(inst, def);
    const memo2 = globalConfig.memoizer;
    memo2?.attach(inst),
      (inst._zod.parse = (payload, ctx) => {
        const input2 = payload.value;
        if (!(input2 instanceof Map))
          return payload.issues.push({ expected: "map", code: "invalid_type", input: input2, inst }), payload;
        const proms = [];
        payload.value = memo2 ? memo2.alloc(inst, payload, new Map(), ctx) : new Map();
        let abortEarly = ctx?.abortEarly,
          seen = payload.issues.length;
        for (const [key, value] of input2) {
          if (abortEarly && payload.issues.length !== seen) {
            if (aborted(payload, seen)) break;
            seen = payload.issues.length;
          }
          const keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx),
            valueResult = def.valueType._zod.run({ value, issues: [] }, ctx);
          keyResult instanceof Promise || valueResult instanceof Promise
            ? proms.push(
                Promise.all([keyResult, valueResult]).then(([keyResult2, valueResult2]) => {
                  handleMapResult(keyResult2, valueResult2, payload, key, input2, inst, ctx);
                }),
              )
            : handleMapResult(keyResult, valueResult, payload, key, input2, inst, ctx);
        }
        return proms.length ? Promise.all(proms).then(() => payload) : payload;
      }),
      capSize(inst, mapSize);
  });
function handleMapResult(keyResult, valueResult, final, key, input2, inst, ctx) {
  keyResult.issues.length &&
    (propertyKeyTypes.has(typeof key)
      ? final.issues.push(...prefixIssues(key, keyResult.issues))
      : final.issues.push({
          code: "invalid_key",
          origin: "map",
          input: input2,
          inst,
          issues: keyResult.issues.map((iss) => finalizeIssue(iss, ctx, config())),
        })),
    valueResult.issues.length &&
      (propertyKeyTypes.has(typeof key)
        ? final.issues.push(...prefixIssues(key, valueResult.issues))
        : final.issues.push({
            origin: "map",
            code: "invalid_element",
            input: input2,
            inst,
            key,
            issues: valueResult.issues.map((iss) => finalizeIssue(iss, ctx, config())),
          })),
    final.value.set(keyResult.value, valueResult.value);
}
var $ZodSet = $constructor("$ZodSet", (inst, def) => {
  $ZodType.init(inst, def);
  const memo2 = globalConfig.memoizer;
  memo2?.attach(inst),
    (inst._zod.parse = (payload, ctx) => {
      const input2 = payload.value;
      if (!(input2 instanceof Set))
        return payload.issues.push({ input: input2, inst, expected: "set", code: "invalid_type" }), payload;
      const proms = [];
      payload.value = memo2 ? memo2.alloc(inst, payload, new Set(), ctx) : new Set();
      let abortEarly = ctx?.abortEarly,
        seen = payload.issues.length;
      for (const item of input2) {
        if (abortEarly && payload.issues.length !== seen) {
          if (aborted(payload, seen)) break;
          seen = payload.issues.length;
        }
        const result = def.valueType._zod.run({ value: item, issues: [] }, ctx);
        result instanceof Promise
          ? proms.push(result.then((result2) => handleSetResult(result2, payload)))
          : handleSetResult(result, payload);
      }
      return proms.length ? Promise.all(proms).then(() => payload) : payload;
    }),
    capSize(inst, setSize);
});
function handleSetResult(result, final) {
  result.issues.length && final.issues.push(...result.issues), final.value.add(result.value);
}
var $ZodEnum = $constructor("$ZodEnum", (inst, def) => {
    $ZodType.init(inst, def);
    const values = getEnumValues(def.entries),
      valuesSet = new Set(values);
    (inst._zod.values = valuesSet),
      defineLazyInternal(inst, "pattern", (zod) => {
        const patternValues = getEnumValues(zod.def.entries).filter((k) => propertyKeyTypes.has(typeof k));
        return new RegExp(
          patternValues.length ? `^(${patternValues.map((o) => escapeRegex(o.toString())).join("|")})$` : "^[^\\s\\S]$",
        );
      }),
      (inst._zod.parse = (payload, _ctx) => {
        const input2 = payload.value;
        return (
          valuesSet.has(input2) || payload.issues.push({ code: "invalid_value", values, input: input2, inst }), payload
        );
      });
  }),
  $ZodLiteral = $constructor("$ZodLiteral", (inst, def) => {
    $ZodType.init(inst, def);
    const values = new Set(def.values);
    (inst._zod.values = values),
      defineLazyInternal(inst, "pattern", (zod) => {
        const vals = zod.def.values;
        return new RegExp(
          vals.length
            ? `^(${vals.map((o) => (typeof o == "string" ? escapeRegex(o) : o ? escapeRegex(o.toString()) : String(o))).join("|")})$`
            : "^[^\\s\\S]$",
        );
      }),
      (inst._zod.parse = (payload, _ctx) => {
        const input2 = payload.value;
        return (
          values.has(input2) || payload.issues.push({ code: "invalid_value", values: def.values, input: input2, inst }),
          payload
        );
      });
  }),
  $ZodFile = $constructor("$ZodFile", (inst, def) => {
    $ZodType.init(inst, def),
      (inst._zod.parse = (payload, _ctx) => {
        const input2 = payload.value;
        return (
          input2 instanceof File ||
            payload.issues.push({ expected: "file", code: "invalid_type", input: input2, inst }),
          payload
        );
      });
  }),
  $ZodTransform = $constructor("$ZodTransform", (inst, def) => {
    $ZodType.init(inst, def),
      (inst._zod.optin = "optional"),
      globalConfig.memoizer?.guard(inst),
      (inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") throw new $ZodEncodeError(inst.constructor.name);
        const _out = def.transform(payload.value, payload);
        if (ctx.async)
          return (_out instanceof Promise ? _out : Promise.resolve(_out)).then(
            (output3) => ((payload.value = output3), payload),
          );
        if (_out instanceof Promise) throw new $ZodAsyncError();
        return (payload.value = _out), payload;
      });
  });
function handleOptionalResult(payload, result) {
  return (payload.value = result.issues.length ? void 0 : result.value), payload;
}
var $ZodOptional = $constructor("$ZodOptional", (inst, def) => {
    $ZodType.init(inst, def),
      defineLazyInternal(inst, "optin", (zod) =>
        zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional",
      ),
      (inst._zod.optout = "optional"),
      defineLazyInternal(inst, "values", (zod) => {
        const values = zod.def.innerType._zod.values;
        return values ? new Set([...values, void 0]) : void 0;
      }),
      defineLazyInternal(inst, "pattern", (zod) => {
        const pattern = zod.def.innerType._zod.pattern;
        return pattern ? new RegExp(`^(${cleanRegex(pattern.source)})?$`) : void 0;
      }),
      (inst._zod.parse = (payload, ctx) => {
        if (payload.value === void 0) {
          if (def.innerType._zod.optin !== "defaulted") return payload;
          const result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
          return result instanceof Promise
            ? result.then((result2) => handleOptionalResult(payload, result2))
            : handleOptionalResult(payload, result);
        }
        return def.innerType._zod.run(payload, ctx);
      });
  }),
  $ZodExactOptional = $constructor("$ZodExactOptional", (inst, def) => {
    $ZodOptional.init(inst, def),
      defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values),
      defineLazyInternal(inst, "pattern", (zod) => zod.def.innerType._zod.pattern),
      (inst._zod.parse = (payload, ctx) => def.innerType._zod.run(payload, ctx));
  }),
  $ZodNullable = $constructor("$ZodNullable", (inst, def) => {
    $ZodType.init(inst, def),
      defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin),
      defineLazyInternal(inst, "optout", (zod) => zod.def.innerType._zod.optout),
      defineLazyInternal(inst, "pattern", (zod) => {
        const pattern = zod.def.innerType._zod.pattern;
        return pattern ? new RegExp(`^(${cleanRegex(pattern.source)}|null)$`) : void 0;
      }),
      defineLazyInternal(inst, "values", (zod) =>
        zod.def.innerType._zod.values ? new Set([...zod.def.innerType._zod.values, null]) : void 0,
      ),
      (inst._zod.parse = (payload, ctx) => (payload.value === null ? payload : def.innerType._zod.run(payload, ctx)));
  }),
  $ZodDefault = $constructor("$ZodDefault", (inst, def) => {
    $ZodType.init(inst, def),
      (inst._zod.optin = "defaulted"),
      defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values),
      (inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") return def.innerType._zod.run(payload, ctx);
        if (payload.value === void 0) return (payload.value = def.defaultValue), payload;
        const result = def.innerType._zod.run(payload, ctx);
        return result instanceof Promise
          ? result.then((result2) => handleDefaultResult(result2, def))
          : handleDefaultResult(result, def);
      });
  });
function handleDefaultResult(payload, def) {
  return payload.value === void 0 && (payload.value = def.defaultValue), payload;
}
var $ZodPrefault = $constructor("$ZodPrefault", (inst, def) => {
    $ZodType.init(inst, def),
      (inst._zod.optin = "defaulted"),
      defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values),
      (inst._zod.parse = (payload, ctx) => (
        ctx.direction === "backward" || (payload.value === void 0 && (payload.value = def.defaultValue)),
        def.innerType._zod.run(payload, ctx)
      ));
  }),
  $ZodNonOptional = $constructor("$ZodNonOptional", (inst, def) => {
    $ZodType.init(inst, def),
      defineLazyInternal(inst, "values", (zod) => {
        const v = zod.def.innerType._zod.values;
        return v ? new Set([...v].filter((x) => x !== void 0)) : void 0;
      }),
      (inst._zod.parse = (payload, ctx) => {
        const result = def.innerType._zod.run(payload, ctx);
        return result instanceof Promise
          ? result.then((result2) => handleNonOptionalResult(result2, inst))
          : handleNonOptionalResult(result, inst);
      });
  });
function handleNonOptionalResult(payload, inst) {
  return (
    !payload.issues.length &&
      payload.value === void 0 &&
      payload.issues.push({ code: "invalid_type", expected: "nonoptional", input: payload.value, inst }),
    payload
  );
}
var $ZodSuccess = $constructor("$ZodSuccess", (inst, def) => {
  $ZodType.init(inst, def),
    (inst._zod.parse = (payload, ctx) => {
      if (ctx.direction === "backward") throw new $ZodEncodeError("ZodSuccess");
      const result = def.innerType._zod.run(payload, ctx);
      return result instanceof Promise
        ? result.then((result2) => ((payload.value = result2.issues.length === 0), payload))
        : ((payload.value = result.issues.length === 0), payload);
    });
});
function handleCatchResult(payload, result, def, ctx) {
  return result.issues.length
    ? ((payload.value = def.catchValue({
        ...result,
        value: payload.value,
        error: { issues: result.issues.map((iss) => finalizeIssue(iss, ctx, config())) },
        input: payload.value,
      })),
      payload)
    : ((payload.value = result.value), result.memo && (payload.memo = !0), payload);
}
var $ZodCatch = $constructor("$ZodCatch", (inst, def) => {
    $ZodType.init(inst, def),
      defineLazyInternal(inst, "optin", (zod) =>
        zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional",
      ),
      defineLazyInternal(inst, "optout", (zod) => zod.def.innerType._zod.optout),
      defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values),
      (inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") return def.innerType._zod.run(payload, ctx);
        const result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
        return result instanceof Promise
          ? result.then((result2) => handleCatchResult(payload, result2, def, ctx))
          : handleCatchResult(payload, result, def, ctx);
      });
  }),
  $ZodNaN = $constructor("$ZodNaN", (inst, def) => {
    $ZodType.init(inst, def),
      (inst._zod.parse = (payload, _ctx) => (
        (typeof payload.value != "number" || !Number.isNaN(payload.value)) &&
          payload.issues.push({ input: payload.value, inst, expected: "nan", code: "invalid_type" }),
        payload
      ));
  }),
  $ZodPipe = $constructor("$ZodPipe", (inst, def) => {
    $ZodType.init(inst, def),
      defineLazyInternal(inst, "values", (zod) => zod.def.in._zod.values),
      defineLazyInternal(inst, "optin", (zod) => zod.def.in._zod.optin),
      defineLazyInternal(inst, "optout", (zod) => zod.def.out._zod.optout),
      defineLazyInternal(inst, "propValues", (zod) => zod.def.in._zod.propValues),
      (inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
          const right = def.out._zod.run(payload, ctx);
          return right instanceof Promise
            ? right.then((right2) => handlePipeResult(right2, def.in, ctx))
            : handlePipeResult(right, def.in, ctx);
        }
        const left = def.in._zod.run(payload, ctx);
        return left instanceof Promise
          ? left.then((left2) => handlePipeResult(left2, def.out, ctx))
          : handlePipeResult(left, def.out, ctx);
      });
  });
function handlePipeResult(left, next, ctx) {
  return left.issues.some((iss) => iss.code !== "unrecognized_keys")
    ? ((left.aborted = !0), left)
    : next._zod.run({ value: left.value, issues: left.issues }, ctx);
}
var $ZodCodec = $constructor("$ZodCodec", (inst, def) => {
  $ZodType.init(inst, def),
    defineLazyInternal(inst, "values", (zod) => zod.def.in._zod.values),
    defineLazyInternal(inst, "optin", (zod) => zod.def.in._zod.optin),
    defineLazyInternal(inst, "optout", (zod) => zod.def.out._zod.optout),
    defineLazyInternal(inst, "propValues", (zod) => zod.def.in._zod.propValues),
    (inst._zod.parse = (payload, ctx) => {
      if ((ctx.direction || "forward") === "forward") {
        const left = def.in._zod.run(payload, ctx);
        return left instanceof Promise
          ? left.then((left2) => handleCodecAResult(left2, def, ctx))
          : handleCodecAResult(left, def, ctx);
      } else {
        const right = def.out._zod.run(payload, ctx);
        return right instanceof Promise
          ? right.then((right2) => handleCodecAResult(right2, def, ctx))
          : handleCodecAResult(right, def, ctx);
      }
    });
});
function handleCodecAResult(result, def, ctx) {
  if (result.issues.length) return (result.aborted = !0), result;
  if ((ctx.direction || "forward") === "forward") {
    const transformed = def.transform(result.value, result);
    return transformed instanceof Promise
      ? transformed.then((value) => handleCodecTxResult(result, value, def.out, ctx))
      : handleCodecTxResult(result, transformed, def.out, ctx);
  } else {
    const transformed = def.reverseTransform(result.value, result);
    return transformed instanceof Promise
      ? transformed.then((value) => handleCodecTxResult(result, value, def.in, ctx))
      : handleCodecTxResult(result, transformed, def.in, ctx);
  }
}
function handleCodecTxResult(left, value, nextSchema, ctx) {
  return left.issues.length ? ((left.aborted = !0), left) : nextSchema._zod.run({ value, issues: left.issues }, ctx);
}
var $ZodPreprocess = $constructor("$ZodPreprocess", (inst, def) => {
    $ZodPipe.init(inst, def);
  }),
  $ZodReadonly = $constructor("$ZodReadonly", (inst, def) => {
    $ZodType.init(inst, def),
      defineLazyInternal(inst, "propValues", (zod) => zod.def.innerType._zod.propValues),
      defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values),
      defineLazyInternal(inst, "optin", (zod) => zod.def.innerType?._zod?.optin),
      defineLazyInternal(inst, "optout", (zod) => zod.def.innerType?._zod?.optout),
      (inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") return def.innerType._zod.run(payload, ctx);
        const result = def.innerType._zod.run(payload, ctx);
        return result instanceof Promise ? result.then(handleReadonlyResult) : handleReadonlyResult(result);
      });
  });
function handleReadonlyResult(payload) {
  return payload.memo || (payload.value = Object.freeze(payload.value)), payload;
}
function leafPattern(schema) {
  let def = schema._zod.def,
    pattern = def.pattern,
    isInt = !!def.format?.includes("int"),
    minimum,
    maximum;
  for (const ch of def.checks ?? []) {
    const d = ch._zod.def;
    d.pattern && (pattern = d.pattern), isInt || (isInt = !!d.format?.includes("int"));
    const lo = d.minimum ?? d.length,
      hi = d.maximum ?? d.length;
    lo !== void 0 && (minimum === void 0 || lo > minimum) && (minimum = lo),
      hi !== void 0 && (maximum === void 0 || hi < maximum) && (maximum = hi);
  }
  if (pattern) return pattern.source;
  if (minimum !== void 0 && maximum !== void 0 && minimum > maximum) return "(?!)";
  if (minimum !== void 0 || maximum !== void 0) return string({ minimum, maximum }).source;
  const own2 = schema._zod.pattern;
  return (isInt && own2 === number ? integer : own2)?.source;
}
function partPattern(schema) {
  const def = schema._zod.def,
    own2 = schema._zod.pattern?.source,
    inner = def.innerType ?? schema._zod.innerType;
  if (inner) {
    const before = inner._zod.pattern?.source,
      after = partPattern(inner);
    return own2 && before && after && after !== before
      ? own2.replace(cleanRegex(before), () => cleanRegex(after))
      : own2;
  }
  if (def.options) {
    const sources = def.options.map(partPattern);
    if (sources.every(Boolean)) return `^(${sources.map((s) => cleanRegex(s)).join("|")})$`;
  }
  return leafPattern(schema);
}
var $ZodTemplateLiteral = $constructor("$ZodTemplateLiteral", (inst, def) => {
    $ZodType.init(inst, def);
    const regexParts = [];
    for (const part of def.parts)
      if (typeof part == "object" && part !== null) {
        const source = partPattern(part);
        if (!source)
          throw new Error(`Invalid template literal part, no pattern found: ${[...part._zod.traits].shift()}`);
        regexParts.push(cleanRegex(source));
      } else if (part === null || primitiveTypes.has(typeof part)) regexParts.push(escapeRegex(`${part}`));
      else throw new Error(`Invalid template literal part: ${part}`);
    (inst._zod.pattern = new RegExp(`^${regexParts.join("")}$`)),
      (inst._zod.parse = (payload, _ctx) =>
        typeof payload.value != "string"
          ? (payload.issues.push({ input: payload.value, inst, expected: "string", code: "invalid_type" }), payload)
          : ((inst._zod.pattern.lastIndex = 0),
            inst._zod.pattern.test(payload.value) ||
              payload.issues.push({
                input: payload.value,
                inst,
                code: "invalid_format",
                format: def.format ?? "template_literal",
                pattern: inst._zod.pattern.source,
              }),
            payload));
  }),
  $ZodFunction = $constructor(
    "$ZodFunction",
    (inst, def) => (
      $ZodType.init(inst, def),
      Object.defineProperty(inst, "_def", { value: def }),
      (inst._zod.def = def),
      (inst.implement = (func) => {
        if (typeof func != "function") throw new Error("implement() must be called with a function");
        return Object.defineProperty(
          function (...args) {
            const parsedArgs = inst._def.input ? parse(inst._def.input, args) : args,
              result = Reflect.apply(func, this, parsedArgs);
            return inst._def.output ? parse(inst._def.output, result) : result;
          },
          "_zod",
          { value: inst._zod, enumerable: !1 },
        );
      }),
      (inst.implementAsync = (func) => {
        if (typeof func != "function") throw new Error("implementAsync() must be called with a function");
        return Object.defineProperty(
          async function (...args) {
            const parsedArgs = inst._def.input ? await parseAsync(inst._def.input, args) : args,
              result = await Reflect.apply(func, this, parsedArgs);
            return inst._def.output ? await parseAsync(inst._def.output, result) : result;
          },
          "_zod",
          { value: inst._zod, enumerable: !1 },
        );
      }),
      (inst._zod.parse = (payload, _ctx) =>
        typeof payload.value != "function"
          ? (payload.issues.push({ code: "invalid_type", expected: "function", input: payload.value, inst }), payload)
          : (inst._def.output && inst._def.output._zod.def.type === "promise"
              ? (payload.value = inst.implementAsync(payload.value))
              : (payload.value = inst.implement(payload.value)),
            payload)),
      (inst.input = (...args) => {
        const F = inst.constructor;
        return Array.isArray(args[0])
          ? new F({
              type: "function",
              input: new $ZodTuple({ type: "tuple", items: args[0], rest: args[1] }),
              output: inst._def.output,
            })
          : new F({ type: "function", input: args[0], output: inst._def.output });
      }),
      (inst.output = (output2) => {
        const F = inst.constructor;
        return new F({ type: "function", input: inst._def.input, output: output2 });
      }),
      inst
    ),
  ),
  $ZodPromise = $constructor("$ZodPromise", (inst, def) => {
    $ZodType.init(inst, def),
      (inst._zod.parse = (payload, ctx) =>
        Promise.resolve(payload.value).then((inner) => def.innerType._zod.run({ value: inner, issues: [] }, ctx)));
  }),
  $ZodLazy = $constructor("$ZodLazy", (inst, def) => {
    $ZodType.init(inst, def),
      defineLazy(inst._zod, "innerType", () => {
        const d = def;
        return d._cachedInner || (d._cachedInner = def.getter()), d._cachedInner;
      }),
      defineLazyInternal(inst, "pattern", (zod) => zod.innerType?._zod?.pattern),
      defineLazyInternal(inst, "propValues", (zod) => zod.innerType?._zod?.propValues),
      defineLazyInternal(inst, "optin", (zod) => zod.innerType?._zod?.optin ?? void 0),
      defineLazyInternal(inst, "optout", (zod) => zod.innerType?._zod?.optout ?? void 0),
      (inst._zod.parse = (payload, ctx) => inst._zod.innerType._zod.run(payload, ctx));
  }),
  $ZodCustom = $constructor("$ZodCustom", (inst, def) => {
    $ZodCheck.init(inst, def),
      $ZodType.init(inst, def),
      (inst._zod.parse = (payload, _) => payload),
      (inst._zod.check = (payload) => {
        const input2 = payload.value,
          r = def.fn(input2);
        if (r instanceof Promise) return r.then((r2) => handleRefineResult(r2, payload, input2, inst));
        handleRefineResult(r, payload, input2, inst);
      });
  });
function handleRefineResult(result, payload, input2, inst) {
  if (!result) {
    const _iss = {
      code: "custom",
      input: input2,
      inst,
      path: [...(inst._zod.def.path ?? [])],
      continue: !inst._zod.def.abort,
    };
    inst._zod.def.params && (_iss.params = inst._zod.def.params), payload.issues.push(issue(_iss));
  }
}
var $ZodCyclicError = class extends Error {
    constructor() {
      super("Cannot parse a reference cycle that closes through a transform"), (this.name = "ZodCyclicError");
    }
  },
  STATE = "~memo",
  NO_ISSUES = [];
function isRef(value) {
  return value !== null && typeof value == "object";
}
function cloneIssues(issues) {
  return issues.map((iss) => (iss.path ? { ...iss, path: iss.path.slice() } : { ...iss }));
}
var recursive = new WeakMap(),
  NONE = 0,
  ASSUMED = 1,
  PROVEN = 2;
function isRecursive(inst, stack, resolve) {
  const cached2 = recursive.get(inst);
  if (cached2 !== void 0) return cached2 ? PROVEN : NONE;
  if (stack.has(inst)) return PROVEN;
  stack.add(inst);
  let result = NONE,
    check2 = (child) => {
      if (result !== PROVEN && child?._zod) {
        const answer = isRecursive(child, stack, resolve);
        answer > result && (result = answer);
      }
    },
    shape = (sh, spread) => {
      let answer = NONE;
      for (const key of Reflect.ownKeys(sh)) {
        const desc = Object.getOwnPropertyDescriptor(sh, key);
        if (spread && !desc.enumerable) continue;
        const child = desc.get ? ASSUMED : desc.value?._zod ? isRecursive(desc.value, stack, resolve) : NONE;
        child > answer && (answer = child);
      }
      return answer;
    },
    merge2 = (answer) => {
      answer > result && (result = answer);
    },
    def = inst._zod.def,
    kind = def.type;
  switch (kind) {
    case "object": {
      const raw = rawShape(def);
      merge2(raw ? shape(raw, !0) : ASSUMED), check2(def.catchall);
      break;
    }
    case "array":
      check2(def.element);
      break;
    case "tuple":
      for (const el of def.items) check2(el);
      check2(def.rest);
      break;
    case "record":
    case "map":
      check2(def.keyType), check2(def.valueType);
      break;
    case "set":
      check2(def.valueType);
      break;
    case "union":
      for (const el of def.options) check2(el);
      break;
    case "intersection":
      check2(def.left), check2(def.right);
      break;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
    case "promise":
    case "success":
      check2(def.innerType);
      break;
    case "pipe":
      check2(def.in), check2(def.out);
      break;
    case "function":
      check2(def.input), check2(def.output);
      break;
    case "lazy": {
      const inner = def._cachedInner ?? (resolve ? inst._zod.innerType : void 0);
      merge2(inner ? isRecursive(inner, stack, !1) : ASSUMED);
      break;
    }
    case "template_literal":
    case "string":
    case "number":
    case "int":
    case "boolean":
    case "bigint":
    case "symbol":
    case "undefined":
    case "null":
    case "void":
    case "never":
    case "any":
    case "unknown":
    case "date":
    case "nan":
    case "enum":
    case "literal":
    case "file":
    case "transform":
    case "custom":
      break;
    default:
      for (const key in def) {
        const desc = Object.getOwnPropertyDescriptor(def, key);
        if (!desc || desc.get) continue;
        const value = desc.value;
        if (!(!value || typeof value != "object")) {
          if (value._zod) check2(value);
          else if (Array.isArray(value)) for (const el of value) check2(el);
        }
      }
  }
  return stack.delete(inst), settle(inst, result);
}
function settle(inst, answer) {
  return answer !== ASSUMED && recursive.set(inst, answer === PROVEN), answer;
}
function isRecursiveSchema(inst) {
  return isRecursive(inst, new Set(), !0) !== NONE;
}
function bucketFor(state, inst) {
  let bucket = state.buckets.get(inst);
  return bucket || ((bucket = new WeakMap()), state.buckets.set(inst, bucket)), bucket;
}
var handoff,
  open = [],
  memo = {
    alloc(_inst, payload, empty) {
      const bucket = handoff;
      if (!bucket) return empty;
      handoff = void 0;
      const entry = { value: empty, issues: null };
      return bucket.set(payload.value, entry), open.push(entry), empty;
    },
    guard(inst) {
      var _a3;
      (_a3 = inst._zod).deferred ?? (_a3.deferred = []),
        inst._zod.deferred.push(() => {
          const base = inst._zod.parse,
            wrapped = (payload, ctx) => {
              if (ctx.direction !== "backward" && isBackEdge(ctx, payload.value)) throw new $ZodCyclicError();
              return base(payload, ctx);
            };
          (inst._zod.parse = wrapped), inst._zod.run === base && (inst._zod.run = wrapped);
        });
    },
    attach(inst) {
      var _a3;
      let isRecursiveInst,
        rechecked = !1,
        lastCtx,
        lastBucket;
      (_a3 = inst._zod).deferred ?? (_a3.deferred = []),
        inst._zod.deferred.push(() => {
          const base = inst._zod.parse,
            wrapped = (payload, ctx) => {
              if (isRecursiveInst === void 0) {
                const walked = isRecursive(inst, new Set(), !1);
                if (walked === NONE)
                  return (
                    (inst._zod.parse = base), inst._zod.run === wrapped && (inst._zod.run = base), base(payload, ctx)
                  );
                walked === PROVEN || rechecked ? (isRecursiveInst = !0) : (rechecked = !0);
              }
              const input2 = payload.value;
              if (!isRef(input2)) return base(payload, ctx);
              let state = ctx[STATE];
              state || ((state = { buckets: new WeakMap(), backEdges: void 0 }), (ctx[STATE] = state));
              let bucket;
              lastCtx === ctx
                ? (bucket = lastBucket)
                : ((bucket = bucketFor(state, inst)), (lastCtx = ctx), (lastBucket = bucket));
              const hit = bucket.get(input2);
              if (hit)
                return (
                  (payload.value = hit.value),
                  hit.issues
                    ? hit.issues.length && payload.issues.push(...cloneIssues(hit.issues))
                    : ((payload.memo = !0),
                      state.backEdges ?? (state.backEdges = new WeakSet()),
                      state.backEdges.add(hit.value)),
                  payload
                );
              handoff = bucket;
              const depth = open.length,
                result = base(payload, ctx);
              handoff = void 0;
              const entry = open.length > depth ? open.pop() : void 0;
              return result instanceof Promise
                ? result.then((r) => (entry && (entry.issues = r.issues.length ? cloneIssues(r.issues) : NO_ISSUES), r))
                : (entry && (entry.issues = result.issues.length ? cloneIssues(result.issues) : NO_ISSUES), result);
            };
          (inst._zod.parse = wrapped), inst._zod.run === base && (inst._zod.run = wrapped);
        });
    },
  };
function memoizer() {
  return memo;
}
function isBackEdge(ctx, value) {
  const backEdges = ctx[STATE]?.backEdges;
  return backEdges !== void 0 && isRef(value) && backEdges.has(value);
}
var en_exports = {};
__export(en_exports, { en: () => en_default });
var error = () => {
  const Sizable = {
    string: { unit: "characters", verb: "to have" },
    file: { unit: "bytes", verb: "to have" },
    array: { unit: "items", verb: "to have" },
    set: { unit: "items", verb: "to have" },
    map: { unit: "entries", verb: "to have" },
  };
  function getSizing(origin) {
    return Sizable[origin] ?? null;
  }
  const FormatDictionary = {
      regex: "input",
      email: "email address",
      url: "URL",
      emoji: "emoji",
      uuid: "UUID",
      uuidv4: "UUIDv4",
      uuidv6: "UUIDv6",
      nanoid: "nanoid",
      guid: "GUID",
      cuid: "cuid",
      cuid2: "cuid2",
      ulid: "ULID",
      xid: "XID",
      ksuid: "KSUID",
      datetime: "ISO datetime",
      date: "ISO date",
      time: "ISO time",
      duration: "ISO duration",
      ipv4: "IPv4 address",
      ipv6: "IPv6 address",
      mac: "MAC address",
      cidrv4: "IPv4 range",
      cidrv6: "IPv6 range",
      base64: "base64-encoded string",
      base64url: "base64url-encoded string",
      json_string: "JSON string",
      e164: "E.164 number",
      currency_code: "currency code",
      credit_card: "credit card number",
      iban: "IBAN",
      jwt: "JWT",
      template_literal: "input",
    },
    TypeDictionary = { nan: "NaN" };
  function getTypeName(type, input2) {
    return type === "number" && typeof input2 == "number" && !Number.isFinite(input2)
      ? String(input2)
      : (TypeDictionary[type] ?? type);
  }
  return (issue2) => {
    switch (issue2.code) {
      case "invalid_type": {
        const expected = getTypeName(issue2.expected),
          receivedType = parsedType(issue2.input),
          received = getTypeName(receivedType, issue2.input);
        return `Invalid input: expected ${expected}, received ${received}`;
      }
      case "invalid_value":
        return issue2.values.length === 1
          ? `Invalid input: expected ${stringifyPrimitive(issue2.values[0])}`
          : `Invalid option: expected one of ${joinValues(issue2.values, "|")}`;
      case "too_big": {
        const adj = issue2.exact ? "exactly " : issue2.inclusive ? "<=" : "<",
          sizing = getSizing(issue2.origin);
        return sizing
          ? `Too big: expected ${issue2.origin ?? "value"} to have ${adj}${issue2.maximum.toString()} ${sizing.unit ?? "elements"}`
          : `Too big: expected ${issue2.origin ?? "value"} to be ${adj}${issue2.maximum.toString()}`;
      }
      case "too_small": {
        const adj = issue2.exact ? "exactly " : issue2.inclusive ? ">=" : ">",
          sizing = getSizing(issue2.origin);
        return sizing
          ? `Too small: expected ${issue2.origin} to have ${adj}${issue2.minimum.toString()} ${sizing.unit}`
          : `Too small: expected ${issue2.origin} to be ${adj}${issue2.minimum.toString()}`;
      }
      case "invalid_format": {
        const _issue = issue2;
        return _issue.format === "starts_with"
          ? `Invalid string: must start with "${_issue.prefix}"`
          : _issue.format === "ends_with"
            ? `Invalid string: must end with "${_issue.suffix}"`
            : _issue.format === "includes"
              ? `Invalid string: must include "${_issue.includes}"`
              : _issue.format === "regex"
                ? `Invalid string: must match pattern ${_issue.pattern}`
                : `Invalid ${FormatDictionary[_issue.format] ?? issue2.format}`;
      }
      case "not_multiple_of":
        return `Invalid number: must be a multiple of ${issue2.divisor}`;
      case "unrecognized_keys":
        return `Unrecognized key${issue2.keys.length > 1 ? "s" : ""}: ${joinValues(issue2.keys, ", ")}`;
      case "invalid_key":
        return `Invalid key in ${issue2.origin}`;
      case "invalid_union":
        return issue2.options && Array.isArray(issue2.options) && issue2.options.length > 0
          ? `Invalid discriminator value. Expected ${issue2.options.map((o) => `'${o}'`).join(" | ")}`
          : issue2.inclusive === !1
            ? "Invalid input: more than one option matched"
            : "Invalid input";
      case "invalid_element":
        return `Invalid value in ${issue2.origin}`;
      default:
        return "Invalid input";
    }
  };
};
function en_default() {
  return { localeError: error() };
}
var _a2,
  $output = Symbol("ZodOutput"),
  $input = Symbol("ZodInput"),
  $ZodRegistry = class {
    constructor() {
      (this._map = new WeakMap()), (this._idmap = new Map());
    }
    add(schema, ..._meta) {
      const meta3 = _meta[0];
      return (
        this._map.set(schema, meta3),
        meta3 && typeof meta3 == "object" && "id" in meta3 && this._idmap.set(meta3.id, schema),
        this
      );
    }
    clear() {
      return (this._map = new WeakMap()), (this._idmap = new Map()), this;
    }
    remove(schema) {
      const meta3 = this._map.get(schema);
      return (
        meta3 && typeof meta3 == "object" && "id" in meta3 && this._idmap.delete(meta3.id),
        this._map.delete(schema),
        this
      );
    }
    get(schema) {
      const p = schema._zod.parent;
      if (p) {
        const pm = { ...(this.get(p) ?? {}) };
        delete pm.id;
        const f = { ...pm, ...this._map.get(schema) };
        return Object.keys(f).length ? f : void 0;
      }
      return this._map.get(schema);
    }
    has(schema) {
      return this._map.has(schema);
    }
  };
function registry() {
  return new $ZodRegistry();
}
(_a2 = globalThis).__zod_globalRegistry ?? (_a2.__zod_globalRegistry = registry());
var globalRegistry = globalThis.__zod_globalRegistry;
var INVALID = Symbol.for("zod.compile.invalid"),
  FALLBACK_FLAG = Symbol.for("zod.compile.fallback"),
  ZodCompileAsyncError = class extends Error {
    constructor(message = "z.compile does not support async refinements, transforms, or checks") {
      super(message), (this.name = "ZodCompileAsyncError");
    }
  },
  ZodCompileUnsupportedError = class extends Error {
    constructor(feature, islandable = !0) {
      super(`z.compile does not support ${feature}; this schema must use the runtime parser`),
        (this.name = "ZodCompileUnsupportedError"),
        (this.islandable = islandable);
    }
  };
function compileValidator(schema, parser) {
  try {
    return compileFn(schema, { assertOnly: !0 });
  } catch {
    return parser;
  }
}
function compile(schema, options) {
  try {
    const parser = compileFn(schema),
      clone2 = withParser(schema, parser);
    return (clone2._zod.bag.validator = compileValidator(schema, parser)), clone2;
  } catch (err) {
    if (options?.strict) throw err;
    return schema;
  }
}
function withParser(schema, parser) {
  if (isRecursiveSchema(schema))
    throw new ZodCompileUnsupportedError("a schema whose subtree contains a reference cycle");
  const clone2 = clone(schema),
    liveRun = schema._zod.run,
    originalRun = liveRun.__originalRun ?? liveRun,
    wrapped = (payload, ctx) => {
      if (
        ctx?.async ||
        ctx?.direction === "backward" ||
        ctx?.skipChecks ||
        ctx?.[FALLBACK_FLAG] ||
        (ctx && isBackEdge(ctx, payload.value))
      )
        return originalRun(payload, ctx);
      const out = parser(payload.value);
      return out !== INVALID
        ? ((payload.value = out), payload)
        : (ctx && (ctx[FALLBACK_FLAG] = !0), originalRun(payload, ctx));
    };
  return (
    (wrapped.__originalRun = originalRun),
    (clone2._zod.bag.fallbackRun = originalRun),
    (clone2._zod.bag.validator = parser),
    (clone2._zod.run = wrapped),
    liveRun.__originalRun || installCompiledUserMethods(clone2, schema, parser),
    clone2
  );
}
function installCompiledUserMethods(target, source, parser) {
  const targetAny = target,
    sourceAny = source;
  if (typeof sourceAny.safeParse == "function") {
    const originalSafeParse = sourceAny.safeParse;
    targetAny.safeParse = (data, params) => {
      const out = parser(data);
      return out !== INVALID ? { success: !0, data: out } : originalSafeParse(data, params);
    };
  }
  if (typeof sourceAny.parse == "function") {
    const originalParse = sourceAny.parse;
    targetAny.parse = (data, params) => {
      const out = parser(data);
      return out !== INVALID ? out : originalParse(data, params);
    };
  }
}
function compileFn(schema, options) {
  let recursive2 = !0;
  try {
    recursive2 = isRecursiveSchema(schema);
  } catch {}
  if (recursive2) throw new ZodCompileUnsupportedError("a schema whose subtree contains a reference cycle");
  const ctx = { constants: new Map(), constantCounter: 0, varCounter: 0, definite: !0 },
    doc = new Doc(["input"]),
    outputAccessor = generateCheck(doc, ctx, schema, "input", !options?.assertOnly);
  doc.write(outputAccessor === null ? "return true;" : `return ${outputAccessor};`);
  let constantNames = ["INVALID", ...ctx.constants.keys()],
    constantValues = [INVALID, ...ctx.constants.values()],
    code = doc.content.join(`
`),
    fullCode = options?.debug
      ? constantNames.length > 0
        ? `// Constants: ${constantNames.join(", ")}
${code}`
        : code
      : "",
    F = Function,
    factoryCode = `return (input) => {
${code}
}`,
    fn;
  try {
    fn = new F(...constantNames, factoryCode)(...constantValues);
  } catch (err) {
    throw new ZodCompileUnsupportedError(`this schema (generated code failed to evaluate: ${err.message})`);
  }
  return options?.debug && (fn.code = fullCode), (fn.definite = ctx.definite), fn;
}
function addConstant(ctx, value) {
  for (const [name2, v] of ctx.constants) if (v === value) return name2;
  const name = `c${ctx.constantCounter++}`;
  return ctx.constants.set(name, value), name;
}
function addUserConstant(ctx, fn) {
  return (ctx.definite = !1), addConstant(ctx, fn);
}
function newVar(ctx) {
  return `v${ctx.varCounter++}`;
}
function runtimeRun(schema, value) {
  const result = schema._zod.run({ value, issues: [] }, {});
  if (result && typeof result.then == "function") return INVALID;
  const r = result;
  return r.issues.length === 0 ? r.value : INVALID;
}
function compileChild(doc, ctx, schema, accessor, needsValue = !0) {
  const contentLen = doc.content.length,
    constantCount = ctx.constants.size,
    constantCounter = ctx.constantCounter,
    varCounter = ctx.varCounter;
  try {
    return generateCheck(doc, ctx, schema, accessor, needsValue);
  } catch (err) {
    if (!(err instanceof ZodCompileUnsupportedError) || !err.islandable) throw err;
    if (((doc.content.length = contentLen), ctx.constants.size > constantCount)) {
      const trailing = Array.from(ctx.constants.keys()).slice(constantCount);
      for (const k of trailing) ctx.constants.delete(k);
    }
    return (
      (ctx.constantCounter = constantCounter),
      (ctx.varCounter = varCounter),
      emitRuntimeIsland(doc, ctx, schema, accessor)
    );
  }
}
function emitRuntimeIsland(doc, ctx, schema, accessor) {
  ctx.definite = !1;
  const schemaConst = addConstant(ctx, schema),
    runConst = addConstant(ctx, runtimeRun),
    outVar = newVar(ctx);
  return (
    doc.write(`const ${outVar} = ${runConst}(${schemaConst}, ${accessor});`),
    doc.write(`if (${outVar} === INVALID) return INVALID;`),
    outVar
  );
}
var WHEN_DEFAULTED_CHECKS = new Set([
  "max_size",
  "min_size",
  "size_equals",
  "max_length",
  "min_length",
  "length_equals",
]);
function generateChecks(doc, ctx, schema, accessor) {
  const schemaChecks = schema._zod.def.checks;
  if (!schemaChecks || schemaChecks.length === 0) return accessor;
  let currentAccessor = accessor;
  for (const check2 of schemaChecks) {
    const def = check2._zod.def;
    if (def.when && !WHEN_DEFAULTED_CHECKS.has(def.check))
      throw new ZodCompileUnsupportedError('check with a custom "when" condition');
    switch (def.check) {
      case "greater_than":
        generateGreaterThanCheck(doc, ctx, def, currentAccessor);
        break;
      case "less_than":
        generateLessThanCheck(doc, ctx, def, currentAccessor);
        break;
      case "multiple_of":
        generateMultipleOfCheck(doc, ctx, def, currentAccessor);
        break;
      case "number_format":
        generateNumberFormatCheck(doc, def, currentAccessor);
        break;
      case "min_length": {
        const min = numericOperand(def.minimum, "min_length"),
          len = codePointLengthVar(
            doc,
            ctx,
            currentAccessor,
            `${currentAccessor}.length >= ${min} && ${currentAccessor}.length < ${def.minimum * 2}`,
          );
        doc.write(`if (${len} < ${min}) return INVALID;`);
        break;
      }
      case "max_length": {
        const max = numericOperand(def.maximum, "max_length"),
          len = codePointLengthVar(doc, ctx, currentAccessor, `${currentAccessor}.length > ${max}`);
        doc.write(`if (${len} > ${max}) return INVALID;`);
        break;
      }
      case "length_equals": {
        const exact = numericOperand(def.length, "length_equals"),
          len = codePointLengthVar(
            doc,
            ctx,
            currentAccessor,
            `${currentAccessor}.length >= ${exact} && ${currentAccessor}.length <= ${def.length * 2}`,
          );
        doc.write(`if (${len} !== ${exact}) return INVALID;`);
        break;
      }
      case "min_size":
        doc.write(`if (${currentAccessor}.size < ${numericOperand(def.minimum, "min_size")}) return INVALID;`);
        break;
      case "max_size":
        doc.write(`if (${currentAccessor}.size > ${numericOperand(def.maximum, "max_size")}) return INVALID;`);
        break;
      case "size_equals":
        doc.write(`if (${currentAccessor}.size !== ${numericOperand(def.size, "size_equals")}) return INVALID;`);
        break;
      case "string_format":
        currentAccessor = generateStringFormatCheck(doc, ctx, def, currentAccessor);
        break;
      case "custom":
        currentAccessor = generateCustomRefineCheck(doc, ctx, check2, currentAccessor);
        break;
      case "bigint_format":
        generateBigIntFormatCheck(doc, def, currentAccessor);
        break;
      case "mime_type":
        generateMimeTypeCheck(doc, ctx, def, currentAccessor);
        break;
      case "property":
        generatePropertyCheck(doc, ctx, def, currentAccessor);
        break;
      case "properties":
        generatePropertiesChecks(doc, ctx, def, currentAccessor);
        break;
      case "overwrite": {
        const newAccessor = newVar(ctx);
        generateOverwriteCheck(doc, ctx, check2, currentAccessor, newAccessor), (currentAccessor = newAccessor);
        break;
      }
      default:
        throw new ZodCompileUnsupportedError(`check type ${def.check}`);
    }
  }
  return currentAccessor;
}
function codePointLengthVar(doc, ctx, accessor, inDoubt) {
  const cpLen = addConstant(ctx, codePointLength),
    v = newVar(ctx);
  return (
    doc.write(
      `const ${v} = typeof ${accessor} === "string" && ${inDoubt} ? ${cpLen}(${accessor}) : ${accessor}.length;`,
    ),
    v
  );
}
function numericOperand(value, label) {
  if (typeof value != "number" || !Number.isFinite(value))
    throw new ZodCompileUnsupportedError(`${label} bound of type ${typeof value}`);
  return `${value}`;
}
function comparisonOperand(ctx, value) {
  if (typeof value == "bigint") return `${value}n`;
  if (typeof value == "number") {
    if (Number.isNaN(value)) throw new ZodCompileUnsupportedError("comparison check with NaN bound");
    return `${value}`;
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new ZodCompileUnsupportedError("comparison check with Invalid Date bound");
    return addConstant(ctx, value);
  }
  throw new ZodCompileUnsupportedError(`comparison check bound of type ${typeof value}`);
}
function generateGreaterThanCheck(doc, ctx, def, accessor) {
  const op = def.inclusive ? "<" : "<=";
  doc.write(`if (${accessor} ${op} ${comparisonOperand(ctx, def.value)}) return INVALID;`);
}
function generateLessThanCheck(doc, ctx, def, accessor) {
  const op = def.inclusive ? ">" : ">=";
  doc.write(`if (${accessor} ${op} ${comparisonOperand(ctx, def.value)}) return INVALID;`);
}
function generateMultipleOfCheck(doc, ctx, def, accessor) {
  if (typeof def.value == "bigint") {
    if (def.value === BigInt(0)) throw new ZodCompileUnsupportedError("multiple_of check with a zero divisor");
    doc.write(`if (${accessor} % ${def.value}n !== 0n) return INVALID;`);
  } else {
    const remainder = addConstant(ctx, floatSafeRemainder);
    doc.write(`if (${remainder}(${accessor}, ${numericOperand(def.value, "multiple_of")}) !== 0) return INVALID;`);
  }
}
function generateNumberFormatCheck(doc, def, accessor) {
  const format = def.format;
  switch (format) {
    case "safeint":
      doc.write(`if (!Number.isSafeInteger(${accessor})) return INVALID;`);
      break;
    case "int32":
      doc.write(
        `if (!Number.isInteger(${accessor}) || ${accessor} < -2147483648 || ${accessor} > 2147483647) return INVALID;`,
      );
      break;
    case "uint32":
      doc.write(`if (!Number.isInteger(${accessor}) || ${accessor} < 0 || ${accessor} > 4294967295) return INVALID;`);
      break;
    case "float32":
      doc.write(
        `if (!Number.isFinite(${accessor}) || ${accessor} < -3.4028234663852886e38 || ${accessor} > 3.4028234663852886e38) return INVALID;`,
      );
      break;
    case "float64":
      doc.write(`if (!Number.isFinite(${accessor})) return INVALID;`);
      break;
    default:
      throw new ZodCompileUnsupportedError(`number format ${format}`);
  }
}
function generateBigIntFormatCheck(doc, def, accessor) {
  const format = def.format;
  if (format)
    switch (format) {
      case "int64":
        doc.write(`if (${accessor} < -9223372036854775808n || ${accessor} > 9223372036854775807n) return INVALID;`);
        break;
      case "uint64":
        doc.write(`if (${accessor} < 0n || ${accessor} > 18446744073709551615n) return INVALID;`);
        break;
      default:
        throw new ZodCompileUnsupportedError(`bigint format ${format}`);
    }
}
function generateMimeTypeCheck(doc, ctx, def, accessor) {
  const mimeTypes = def.mime;
  if (mimeTypes && mimeTypes.length > 0) {
    const mimeSet = addConstant(ctx, new Set(mimeTypes));
    doc.write(`if (!${mimeSet}.has(${accessor}.type)) return INVALID;`);
  }
}
function generatePropertiesChecks(doc, ctx, def, accessor) {
  if (def.when) throw new ZodCompileUnsupportedError('check with a custom "when" condition');
  doc.write(`if (${accessor} == null) return INVALID;`);
  const shape = def.shape;
  for (const key of Reflect.ownKeys(shape)) {
    const keyExpr = typeof key == "symbol" ? addConstant(ctx, key) : esc(key),
      inputVar = newVar(ctx);
    doc.write(`const ${inputVar} = ${accessor}[${keyExpr}];`), compileChild(doc, ctx, shape[key], inputVar, !1);
  }
}
function generatePropertyCheck(doc, ctx, def, accessor) {
  const propAccessor = `${accessor}[${JSON.stringify(def.property)}]`;
  generateCheck(doc, ctx, def.schema, propAccessor);
}
function generateOverwriteCheck(doc, ctx, check2, currentAccessor, newAccessor) {
  const tx = check2._zod.def.tx;
  if (!tx) throw new ZodCompileUnsupportedError("overwrite check without a transform function");
  if (isAsyncFunction(tx)) throw new ZodCompileAsyncError("z.compile: async overwrite transforms are not supported");
  const txConst = addConstant(ctx, tx);
  doc.write(`const ${newAccessor} = ${txConst}(${currentAccessor});`);
}
function throwAsync() {
  throw new $ZodAsyncError();
}
function pushIssue(issue2) {
  this.issues.push(issue2);
}
function generateCustomRefineCheck(doc, ctx, check2, accessor) {
  const def = check2._zod.def;
  if (def.fn) {
    if (isAsyncFunction(def.fn))
      throw new ZodCompileAsyncError("z.compile: async .refine() predicates are not supported");
    const fnConst = addUserConstant(ctx, def.fn),
      throwAsyncConst = addConstant(ctx, throwAsync),
      resVar = newVar(ctx);
    return (
      doc.write(`const ${resVar} = ${fnConst}(${accessor});`),
      doc.write(`if (${resVar} instanceof Promise) ${throwAsyncConst}();`),
      doc.write(`if (!${resVar}) return INVALID;`),
      accessor
    );
  }
  if (check2._zod.check) {
    if (isAsyncFunction(check2._zod.check))
      throw new ZodCompileAsyncError("z.compile: async .superRefine() / check functions are not supported");
    const checkFn = check2._zod.check,
      helperConst = addUserConstant(ctx, (value) => {
        const fakePayload = { value, issues: [], addIssue: pushIssue };
        return (
          checkFn(fakePayload) instanceof Promise && throwAsync(),
          fakePayload.issues.length === 0 ? fakePayload.value : INVALID
        );
      }),
      outVar = newVar(ctx);
    return (
      doc.write(`const ${outVar} = ${helperConst}(${accessor});`),
      doc.write(`if (${outVar} === INVALID) return INVALID;`),
      outVar
    );
  }
  throw new ZodCompileUnsupportedError("custom check without a predicate or check function");
}
var PATTERN_IS_COMPLETE = new Set([
  "cidrv4",
  "cuid",
  "cuid2",
  "date",
  "datetime",
  "duration",
  "e164",
  "email",
  "emoji",
  "ends_with",
  "guid",
  "includes",
  "ipv4",
  "ksuid",
  "lowercase",
  "mac",
  "nanoid",
  "regex",
  "starts_with",
  "time",
  "ulid",
  "uppercase",
  "uuid",
  "xid",
]);
function generateStringFormatCheck(doc, ctx, def, accessor, needsValue = !0) {
  const fmt = def.format;
  if (fmt === "base64") {
    const validator = addConstant(ctx, isValidBase64);
    return doc.write(`if (!${validator}(${accessor})) return INVALID;`), accessor;
  }
  if (fmt === "base64url") {
    const validator = addConstant(ctx, isValidBase64URL);
    return doc.write(`if (!${validator}(${accessor})) return INVALID;`), accessor;
  }
  if (fmt === "jwt") {
    const validator = addConstant(ctx, isValidJWT),
      alg = addConstant(ctx, def.alg ?? null);
    return doc.write(`if (!${validator}(${accessor}, ${alg})) return INVALID;`), accessor;
  }
  if (fmt === "ipv6") {
    const validator = addConstant(ctx, isValidIPv6);
    return doc.write(`if (!${validator}(${accessor})) return INVALID;`), accessor;
  }
  if (fmt === "cidrv6") {
    const validator = addConstant(ctx, isValidCIDRv6);
    return doc.write(`if (!${validator}(${accessor})) return INVALID;`), accessor;
  }
  if (fmt === "credit_card") {
    const validator = addConstant(ctx, isValidCreditCard);
    return doc.write(`if (!${validator}(${accessor})) return INVALID;`), accessor;
  }
  if (fmt === "iban") {
    const validator = addConstant(ctx, isValidIBAN);
    return doc.write(`if (!${validator}(${accessor})) return INVALID;`), accessor;
  }
  const formatDef = def;
  if (
    fmt === "url" ||
    fmt === "httpurl" ||
    formatDef.normalize ||
    formatDef.hostname !== void 0 ||
    formatDef.protocol !== void 0
  ) {
    const parseConst = addConstant(ctx, validateURL),
      defConst = addConstant(ctx, def),
      trimVar = newVar(ctx),
      urlVar = newVar(ctx);
    if (
      (doc.write(`const ${trimVar} = ${accessor}.trim();`),
      doc.write(`const ${urlVar} = ${parseConst}(${trimVar}, ${defConst});`),
      doc.write(`if (typeof ${urlVar} === "number") return INVALID;`),
      formatDef.hostname !== void 0)
    ) {
      const hostnameConst = addConstant(ctx, urlHostnameOk);
      doc.write(`if (!${hostnameConst}(${urlVar}, ${defConst}.hostname)) return INVALID;`);
    }
    if (formatDef.protocol !== void 0) {
      const protocolConst = addConstant(ctx, urlProtocolOk);
      doc.write(`if (!${protocolConst}(${urlVar}, ${defConst}.protocol)) return INVALID;`);
    }
    if (!needsValue) return null;
    const outputVar = newVar(ctx),
      outputExpr = formatDef.normalize ? `${urlVar}.href` : `${addConstant(ctx, stripTabAndNewline)}(${trimVar})`;
    return doc.write(`const ${outputVar} = ${outputExpr};`), outputVar;
  }
  const customFn = def.fn;
  if (customFn) {
    if (isAsyncFunction(customFn)) throw new ZodCompileUnsupportedError(`async string format ${fmt}`);
    const fnConst = addConstant(ctx, customFn);
    return doc.write(`if (!${fnConst}(${accessor})) return INVALID;`), accessor;
  }
  if (PATTERN_IS_COMPLETE.has(fmt) && def.pattern) {
    const patternConst = addConstant(ctx, def.pattern);
    return (
      doc.write(`${patternConst}.lastIndex = 0;`),
      doc.write(`if (!${patternConst}.test(${accessor})) return INVALID;`),
      accessor
    );
  }
  const format = def.format;
  switch (format) {
    case "regex":
      throw new ZodCompileUnsupportedError("regex format without a pattern");
    case "lowercase":
      doc.write(`if (${accessor} !== ${accessor}.toLowerCase()) return INVALID;`);
      break;
    case "uppercase":
      doc.write(`if (${accessor} !== ${accessor}.toUpperCase()) return INVALID;`);
      break;
    case "includes":
      doc.write(`if (!${accessor}.includes(${esc(def.includes)})) return INVALID;`);
      break;
    case "starts_with": {
      const prefix = def.prefix;
      doc.write(`if (${accessor}.slice(0, ${prefix.length}) !== ${esc(prefix)}) return INVALID;`);
      break;
    }
    case "ends_with": {
      const suffix = def.suffix;
      doc.write(`if (${accessor}.slice(-${suffix.length}) !== ${esc(suffix)}) return INVALID;`);
      break;
    }
    default:
      throw new ZodCompileUnsupportedError(`string format ${format}`);
  }
  return accessor;
}
function generateCheck(doc, ctx, schema, accessor, needsValue = !0) {
  const def = schema._zod.def,
    type = def.type;
  if (def.coerce) throw new ZodCompileUnsupportedError(`coercion (z.coerce.${type}())`);
  let buildsValue = needsValue || !!def.checks?.length,
    typeAccessor;
  switch (type) {
    case "string":
      typeAccessor = generateStringCheck(doc, ctx, schema, accessor, buildsValue);
      break;
    case "number":
      typeAccessor = generateNumberCheck(doc, schema, accessor);
      break;
    case "boolean":
      typeAccessor = generateBooleanCheck(doc, accessor);
      break;
    case "bigint":
      typeAccessor = generateBigIntCheck(doc, schema, accessor);
      break;
    case "symbol":
      typeAccessor = generateSymbolCheck(doc, accessor);
      break;
    case "undefined":
      typeAccessor = generateUndefinedCheck(doc, accessor);
      break;
    case "null":
      typeAccessor = generateNullCheck(doc, accessor);
      break;
    case "any":
    case "unknown":
      typeAccessor = accessor;
      break;
    case "never":
      doc.write("return INVALID;"), (typeAccessor = accessor);
      break;
    case "void":
      typeAccessor = generateVoidCheck(doc, accessor);
      break;
    case "nan":
      typeAccessor = generateNaNCheck(doc, accessor);
      break;
    case "date":
      typeAccessor = generateDateCheck(doc, accessor);
      break;
    case "object":
      typeAccessor = generateObjectCheck(doc, ctx, schema, accessor, buildsValue);
      break;
    case "optional":
      typeAccessor = generateOptionalCheck(doc, ctx, schema, accessor, buildsValue);
      break;
    case "nullable":
      typeAccessor = generateNullableCheck(doc, ctx, schema, accessor, buildsValue);
      break;
    case "array":
      typeAccessor = generateArrayCheck(doc, ctx, schema, accessor, buildsValue);
      break;
    case "literal":
      typeAccessor = generateLiteralCheck(doc, ctx, schema, accessor);
      break;
    case "enum":
      typeAccessor = generateEnumCheck(doc, ctx, schema, accessor);
      break;
    case "readonly": {
      const innerOut = generateWrapperCheck(doc, ctx, schema, accessor),
        frozenVar = newVar(ctx);
      doc.write(`const ${frozenVar} = Object.freeze(${innerOut});`), (typeAccessor = frozenVar);
      break;
    }
    case "success":
      generateWrapperCheck(doc, ctx, schema, accessor), (typeAccessor = "true");
      break;
    case "default":
    case "prefault":
      typeAccessor = generateDefaultCheck(doc, ctx, schema, accessor);
      break;
    case "nonoptional":
      typeAccessor = generateNonOptionalCheck(doc, ctx, schema, accessor);
      break;
    case "tuple":
      typeAccessor = generateTupleCheck(doc, ctx, schema, accessor);
      break;
    case "union":
      typeAccessor = generateUnionCheck(doc, ctx, schema, accessor);
      break;
    case "intersection":
      typeAccessor = generateIntersectionCheck(doc, ctx, schema, accessor);
      break;
    case "record":
      typeAccessor = generateRecordCheck(doc, ctx, schema, accessor);
      break;
    case "map":
      typeAccessor = generateMapCheck(doc, ctx, schema, accessor);
      break;
    case "set":
      typeAccessor = generateSetCheck(doc, ctx, schema, accessor);
      break;
    case "file":
      typeAccessor = generateFileCheck(doc, accessor);
      break;
    case "template_literal":
      typeAccessor = generateTemplateLiteralCheck(doc, ctx, schema, accessor);
      break;
    case "lazy":
      typeAccessor = generateLazyCheck(doc, ctx, schema, accessor);
      break;
    case "pipe":
      typeAccessor = generatePipeCheck(doc, ctx, schema, accessor);
      break;
    case "custom":
      typeAccessor = generateCustomCheck(doc, ctx, schema, accessor);
      break;
    case "transform":
      typeAccessor = generateTransformCheck(doc, ctx, schema, accessor);
      break;
    case "catch":
      typeAccessor = generateCatchCheck(doc, ctx, schema, accessor);
      break;
    default:
      throw new ZodCompileUnsupportedError(`schema type ${type}`);
  }
  return typeAccessor === null ? null : generateChecks(doc, ctx, schema, typeAccessor);
}
function generateStringCheck(doc, ctx, schema, accessor, needsValue = !0) {
  doc.write(`if (typeof ${accessor} !== "string") return INVALID;`);
  const def = schema._zod.def;
  return def.format === void 0 ? accessor : generateStringFormatCheck(doc, ctx, def, accessor, needsValue);
}
function generateNumberCheck(doc, schema, accessor) {
  doc.write(`if (typeof ${accessor} !== "number" || !Number.isFinite(${accessor})) return INVALID;`);
  const def = schema._zod.def;
  return (
    def.check === "number_format" && def.format && generateNumberFormatCheck(doc, { format: def.format }, accessor),
    accessor
  );
}
function generateBooleanCheck(doc, accessor) {
  return doc.write(`if (typeof ${accessor} !== "boolean") return INVALID;`), accessor;
}
function generateBigIntCheck(doc, schema, accessor) {
  doc.write(`if (typeof ${accessor} !== "bigint") return INVALID;`);
  const def = schema._zod.def;
  if (def.format)
    switch (def.format) {
      case "int64":
        doc.write(`if (${accessor} < -9223372036854775808n || ${accessor} > 9223372036854775807n) return INVALID;`);
        break;
      case "uint64":
        doc.write(`if (${accessor} < 0n || ${accessor} > 18446744073709551615n) return INVALID;`);
        break;
    }
  return accessor;
}
function generateSymbolCheck(doc, accessor) {
  return doc.write(`if (typeof ${accessor} !== "symbol") return INVALID;`), accessor;
}
function generateUndefinedCheck(doc, accessor) {
  return doc.write(`if (${accessor} !== undefined) return INVALID;`), accessor;
}
function generateNullCheck(doc, accessor) {
  return doc.write(`if (${accessor} !== null) return INVALID;`), accessor;
}
function generateVoidCheck(doc, accessor) {
  return doc.write(`if (${accessor} !== undefined) return INVALID;`), accessor;
}
function generateNaNCheck(doc, accessor) {
  return doc.write(`if (typeof ${accessor} !== "number" || !Number.isNaN(${accessor})) return INVALID;`), accessor;
}
function generateDateCheck(doc, accessor) {
  return (
    doc.write(`if (!(${accessor} instanceof Date) || Number.isNaN(${accessor}.getTime())) return INVALID;`), accessor
  );
}
function generateObjectCheck(doc, ctx, schema, accessor, buildsValue = !0) {
  const def = schema._zod.def;
  doc.write(
    `if (typeof ${accessor} !== "object" || ${accessor} === null || Array.isArray(${accessor})) return INVALID;`,
  );
  const shape = def.shape,
    keys = Object.keys(shape),
    symbolKeys = Object.getOwnPropertySymbols(shape),
    allKeys = symbolKeys.length ? [...keys, ...symbolKeys] : keys,
    keyExpr = (k) => (typeof k == "symbol" ? addConstant(ctx, k) : esc(k)),
    propKey = (k) => (typeof k == "symbol" ? `[${keyExpr(k)}]` : esc(k)),
    propShape = shape;
  if (keys.includes("__proto__")) throw new ZodCompileUnsupportedError('object shape key "__proto__"');
  const propOutputs = new Map();
  for (const key of allKeys) {
    const propSchema = propShape[key],
      kx = keyExpr(key),
      inputVar = newVar(ctx);
    if ((doc.write(`const ${inputVar} = ${accessor}[${kx}];`), propSchema._zod.optin !== void 0)) {
      const outputVar2 = newVar(ctx);
      doc.write(`let ${outputVar2} = (() => {`),
        doc.indented((d) => {
          const outputAccessor = compileChild(d, ctx, propSchema, inputVar);
          d.write(`return ${outputAccessor};`);
        }),
        doc.write("})();"),
        propSchema._zod.optout === "optional"
          ? (doc.write(`if (${outputVar2} === INVALID) {`),
            doc.indented((d) => {
              d.write(`if (${kx} in ${accessor}) return INVALID;`), d.write(`${outputVar2} = undefined;`);
            }),
            doc.write("}"))
          : doc.write(`if (${outputVar2} === INVALID) return INVALID;`),
        propOutputs.set(key, outputVar2);
    } else {
      requiresPresenceCheck(propSchema) && doc.write(`if (!(${kx} in ${accessor})) return INVALID;`);
      const outputAccessor = compileChild(doc, ctx, propSchema, inputVar, buildsValue);
      outputAccessor !== null && propOutputs.set(key, outputAccessor);
    }
  }
  let catchall = def.catchall,
    unknownKeysMode = "none";
  if (catchall) {
    const catchallType = catchall._zod.def.type;
    if (catchallType === "never") {
      const condition = keys.map((k) => `k !== ${esc(k)}`).join(" && ") || "true";
      doc.write(`for (const k in ${accessor}) {`),
        doc.indented((d) => {
          d.write(`if (${condition}) return INVALID;`);
        }),
        doc.write("}");
    } else
      (catchallType === "unknown" || catchallType === "any") && !catchall._zod.def.checks?.length
        ? (unknownKeysMode = "passthrough")
        : (unknownKeysMode = "schema");
  }
  const outputVar = newVar(ctx),
    hasConditionalKeys = allKeys.some((k) => mayOmitUndefined(propShape[k]) || dropsWhenAbsent(propShape[k]));
  if (!buildsValue) {
    if (unknownKeysMode === "schema") {
      const knownSet = keys.length > 0 ? addConstant(ctx, new Set(keys)) : null;
      doc.write(`for (const k in ${accessor}) {`),
        doc.indented((d) => {
          d.write('if (k === "__proto__") continue;'), knownSet && d.write(`if (${knownSet}.has(k)) continue;`);
          const valVar = newVar(ctx);
          d.write(`const ${valVar} = ${accessor}[k];`), compileChild(d, ctx, catchall, valVar, !1);
        }),
        doc.write("}");
    }
    return null;
  }
  if (hasConditionalKeys) {
    doc.write(`const ${outputVar} = {};`);
    for (const k of allKeys) {
      const kx = keyExpr(k),
        out = propOutputs.get(k);
      dropsWhenAbsent(propShape[k])
        ? doc.write(`if (${kx} in ${accessor}) ${outputVar}[${kx}] = ${out};`)
        : mayOmitUndefined(propShape[k])
          ? doc.write(`if (${out} !== undefined || ${kx} in ${accessor}) ${outputVar}[${kx}] = ${out};`)
          : doc.write(`${outputVar}[${kx}] = ${out};`);
    }
  } else {
    const propLiterals = allKeys.map((k) => `${propKey(k)}: ${propOutputs.get(k)}`).join(", ");
    doc.write(`const ${outputVar} = { ${propLiterals} };`);
  }
  if (unknownKeysMode !== "none") {
    const knownSet = keys.length > 0 ? addConstant(ctx, new Set(keys)) : null;
    doc.write(`for (const k in ${accessor}) {`),
      doc.indented((d) => {
        if (
          (d.write('if (k === "__proto__") continue;'),
          knownSet && d.write(`if (${knownSet}.has(k)) continue;`),
          unknownKeysMode === "passthrough")
        )
          d.write(`${outputVar}[k] = ${accessor}[k];`);
        else {
          const valVar = newVar(ctx);
          d.write(`const ${valVar} = ${accessor}[k];`);
          const catchallOut = compileChild(d, ctx, catchall, valVar);
          d.write(`${outputVar}[k] = ${catchallOut};`);
        }
      }),
      doc.write("}");
  }
  return outputVar;
}
function generateOptionalCheck(doc, ctx, schema, accessor, buildsValue = !0) {
  const def = schema._zod.def;
  if (isExactOptional(schema)) return generateCheck(doc, ctx, def.innerType, accessor, buildsValue);
  if (def.innerType._zod.optin === "defaulted") {
    const outputVar2 = newVar(ctx),
      branchVar = newVar(ctx);
    return (
      doc.write(`let ${outputVar2};`),
      doc.write(`if (${accessor} === undefined) {`),
      doc.indented((d) => {
        d.write(`const ${branchVar} = (() => {`),
          d.indented((d2) => {
            const innerOutput = generateCheck(d2, ctx, def.innerType, accessor);
            d2.write(`return ${innerOutput};`);
          }),
          d.write("})();"),
          d.write(`if (${branchVar} !== INVALID) ${outputVar2} = ${branchVar};`);
      }),
      doc.write("} else {"),
      doc.indented((d) => {
        const innerOutput = generateCheck(d, ctx, def.innerType, accessor);
        d.write(`${outputVar2} = ${innerOutput};`);
      }),
      doc.write("}"),
      outputVar2
    );
  }
  const outputVar = buildsValue ? newVar(ctx) : null;
  return (
    outputVar && doc.write(`let ${outputVar};`),
    doc.write(`if (${accessor} !== undefined) {`),
    doc.indented((d) => {
      const innerOutput = generateCheck(d, ctx, def.innerType, accessor, buildsValue);
      outputVar && innerOutput !== null && d.write(`${outputVar} = ${innerOutput};`);
    }),
    doc.write("}"),
    outputVar
  );
}
function isExactOptional(schema) {
  return schema._zod.traits?.has("$ZodExactOptional") === !0;
}
function requiresPresenceCheck(schema) {
  return schema._zod.optin === void 0 && fastPathAcceptsAbsence(schema);
}
function fastPathAcceptsAbsence(schema) {
  if (schema._zod.def.coerce) return !0;
  const def = schema._zod.def;
  switch (def.type) {
    case "any":
    case "unknown":
    case "undefined":
    case "void":
    case "default":
    case "prefault":
    case "transform":
    case "custom":
    case "lazy":
      return !0;
    case "string":
    case "number":
    case "boolean":
    case "bigint":
    case "symbol":
    case "null":
    case "never":
    case "nan":
    case "date":
    case "object":
    case "array":
    case "tuple":
    case "record":
    case "map":
    case "set":
    case "file":
    case "template_literal":
      return !1;
    case "nonoptional":
      return def.innerType ? fastPathAcceptsAbsence(def.innerType) : !1;
    case "literal":
      return !!def.values?.includes(void 0);
    case "enum":
      return !!schema._zod.values?.has(void 0);
    case "optional":
    case "nullable":
    case "readonly":
    case "success":
      return def.innerType ? fastPathAcceptsAbsence(def.innerType) : !0;
    case "catch":
      return !0;
    case "union":
      return def.options ? def.options.some(fastPathAcceptsAbsence) : !0;
    case "intersection":
      return !def.left || !def.right ? !0 : fastPathAcceptsAbsence(def.left) && fastPathAcceptsAbsence(def.right);
    case "pipe":
      return def.in ? fastPathAcceptsAbsence(def.in) : !0;
    default:
      return !0;
  }
}
function dropsWhenAbsent(schema) {
  return schema._zod.optin === "optional" && schema._zod.optout === "optional";
}
function mayOmitUndefined(schema) {
  return (schema._zod.optin !== "defaulted" || schema._zod.optout === "optional") && mayOutputUndefined(schema);
}
function mayOutputUndefined(schema) {
  const def = schema._zod.def;
  switch (def.type) {
    case "string":
    case "number":
    case "boolean":
    case "bigint":
    case "symbol":
    case "null":
    case "nan":
    case "date":
    case "object":
    case "array":
    case "tuple":
    case "record":
    case "map":
    case "set":
    case "file":
    case "template_literal":
    case "never":
    case "success":
      return !1;
    case "literal":
      return !!def.values?.includes(void 0);
    case "enum":
      return !!schema._zod.values?.has(void 0);
    case "optional":
      return !0;
    case "nullable":
    case "readonly":
    case "nonoptional":
      return def.innerType ? mayOutputUndefined(def.innerType) : !0;
    case "union":
      return def.options ? def.options.some(mayOutputUndefined) : !0;
    case "intersection":
      return !def.left || !def.right || mayOutputUndefined(def.left) || mayOutputUndefined(def.right);
    case "pipe":
      return def.out ? mayOutputUndefined(def.out) : !0;
    default:
      return !0;
  }
}
function generateNullableCheck(doc, ctx, schema, accessor, buildsValue = !0) {
  const def = schema._zod.def,
    outputVar = buildsValue ? newVar(ctx) : null;
  return (
    outputVar && doc.write(`let ${outputVar} = null;`),
    doc.write(`if (${accessor} !== null) {`),
    doc.indented((d) => {
      const innerOutput = generateCheck(d, ctx, def.innerType, accessor, buildsValue);
      outputVar && innerOutput !== null && d.write(`${outputVar} = ${innerOutput};`);
    }),
    doc.write("}"),
    outputVar
  );
}
function generateSizeGate(doc, schema, size) {
  for (const [max, check2] of sizeCaps(schema._zod.def.checks))
    doc.write(`if (${size} > ${numericOperand(max, check2._zod.def.check)}) return INVALID;`);
}
function generateArrayCheck(doc, ctx, schema, accessor, buildsValue = !0) {
  const def = schema._zod.def;
  doc.write(`if (!Array.isArray(${accessor})) return INVALID;`), generateSizeGate(doc, schema, `${accessor}.length`);
  const outputVar = buildsValue ? newVar(ctx) : null,
    iVar = newVar(ctx),
    elemVar = newVar(ctx);
  return (
    outputVar && doc.write(`const ${outputVar} = new Array(${accessor}.length);`),
    doc.write(`for (let ${iVar} = 0; ${iVar} < ${accessor}.length; ${iVar}++) {`),
    doc.indented((d) => {
      d.write(`const ${elemVar} = ${accessor}[${iVar}];`);
      const elemOutput = compileChild(d, ctx, def.element, elemVar, buildsValue);
      outputVar && elemOutput !== null && d.write(`${outputVar}[${iVar}] = ${elemOutput};`);
    }),
    doc.write("}"),
    outputVar
  );
}
function generateLiteralCheck(doc, ctx, schema, accessor) {
  const values = schema._zod.def.values;
  if (values.length !== 1) {
    const literalSet = addConstant(ctx, new Set(values));
    return doc.write(`if (!${literalSet}.has(${accessor})) return INVALID;`), accessor;
  }
  const value = values[0];
  if (typeof value == "number" && Number.isNaN(value)) {
    const literalSet = addConstant(ctx, new Set(values));
    return doc.write(`if (!${literalSet}.has(${accessor})) return INVALID;`), accessor;
  }
  if (typeof value == "string") doc.write(`if (${accessor} !== ${esc(value)}) return INVALID;`);
  else if (typeof value == "number" || typeof value == "boolean")
    doc.write(`if (${accessor} !== ${value}) return INVALID;`);
  else if (value === null) doc.write(`if (${accessor} !== null) return INVALID;`);
  else if (value === void 0) doc.write(`if (${accessor} !== undefined) return INVALID;`);
  else if (typeof value == "bigint") doc.write(`if (${accessor} !== ${value}n) return INVALID;`);
  else throw new ZodCompileUnsupportedError(`literal type ${typeof value}`);
  return accessor;
}
function generateEnumCheck(doc, ctx, schema, accessor) {
  const values = schema._zod.values;
  if (!values) throw new ZodCompileUnsupportedError("enum schema without enumerated values");
  const enumSet = addConstant(ctx, values);
  return doc.write(`if (!${enumSet}.has(${accessor})) return INVALID;`), accessor;
}
function generateWrapperCheck(doc, ctx, schema, accessor) {
  const def = schema._zod.def;
  return generateCheck(doc, ctx, def.innerType, accessor);
}
function generateDefaultCheck(doc, ctx, schema, accessor) {
  const def = schema._zod.def,
    defaultGetter = Object.getOwnPropertyDescriptor(schema._zod.def, "defaultValue")
      ? () => schema._zod.def.defaultValue
      : void 0;
  if (schema._zod.def.type === "prefault") {
    if (!defaultGetter) return generateCheck(doc, ctx, def.innerType, accessor);
    const defaultFn = addConstant(ctx, defaultGetter),
      inputVar = newVar(ctx);
    return (
      doc.write(`let ${inputVar} = ${accessor};`),
      doc.write(`if (${accessor} === undefined) ${inputVar} = ${defaultFn}();`),
      generateCheck(doc, ctx, def.innerType, inputVar)
    );
  }
  const outputVar = newVar(ctx);
  if (defaultGetter) {
    const defaultFn = addConstant(ctx, defaultGetter),
      cloneFn = addConstant(ctx, shallowClone);
    doc.write(`let ${outputVar};`),
      doc.write(`if (${accessor} === undefined) {`),
      doc.indented((d) => {
        d.write(`${outputVar} = ${cloneFn}(${defaultFn}());`);
      }),
      doc.write("} else {"),
      doc.indented((d) => {
        const innerOutput = generateCheck(d, ctx, def.innerType, accessor);
        d.write(`${outputVar} = ${innerOutput} === undefined ? ${cloneFn}(${defaultFn}()) : ${innerOutput};`);
      }),
      doc.write("}");
  } else
    doc.write(`let ${outputVar};`),
      doc.write(`if (${accessor} !== undefined) {`),
      doc.indented((d) => {
        const innerOutput = generateCheck(d, ctx, def.innerType, accessor);
        d.write(`${outputVar} = ${innerOutput};`);
      }),
      doc.write("}");
  return outputVar;
}
function generateNonOptionalCheck(doc, ctx, schema, accessor) {
  const def = schema._zod.def,
    innerOutput = generateCheck(doc, ctx, def.innerType, accessor),
    outputVar = newVar(ctx);
  return (
    doc.write(`const ${outputVar} = ${innerOutput};`),
    doc.write(`if (${outputVar} === undefined) return INVALID;`),
    outputVar
  );
}
function generateTupleCheck(doc, ctx, schema, accessor) {
  const def = schema._zod.def,
    items = def.items,
    rest = def.rest;
  doc.write(`if (!Array.isArray(${accessor})) return INVALID;`);
  const optinStart = getTupleOptStart2(items, "optin"),
    optoutStart = getTupleOptStart2(items, "optout");
  rest
    ? doc.write(`if (${accessor}.length < ${optinStart}) return INVALID;`)
    : doc.write(`if (${accessor}.length < ${optinStart} || ${accessor}.length > ${items.length}) return INVALID;`);
  const outputVar = newVar(ctx);
  doc.write(`const ${outputVar} = [];`);
  for (let i = 0; i < items.length; i++) {
    const itemSchema = items[i];
    if (i >= optoutStart)
      doc.write(`if (${outputVar}.length === ${i}) {`),
        doc.indented((d) => {
          d.write(`if (${i} < ${accessor}.length) {`),
            d.indented((d2) => {
              const elemVar = newVar(ctx);
              d2.write(`const ${elemVar} = ${accessor}[${i}];`);
              const elemOutput = compileChild(d2, ctx, itemSchema, elemVar);
              d2.write(`${outputVar}[${i}] = ${elemOutput};`);
            }),
            d.write("} else {"),
            d.indented((d2) => {
              if (dropsWhenAbsent(itemSchema)) {
                d2.write(`${outputVar}.length = ${i};`);
                return;
              }
              const elemVar = newVar(ctx),
                branchVar = newVar(ctx);
              d2.write(`const ${elemVar} = undefined;`),
                d2.write(`const ${branchVar} = (() => {`),
                d2.indented((d3) => {
                  const elemOutput = compileChild(d3, ctx, itemSchema, elemVar);
                  d3.write(`return ${elemOutput};`);
                }),
                d2.write("})();"),
                d2.write(`if (${branchVar} === INVALID || ${branchVar} === undefined) ${outputVar}.length = ${i};`),
                d2.write(`else ${outputVar}[${i}] = ${branchVar};`);
            }),
            d.write("}");
        }),
        doc.write("}");
    else {
      const elemVar = newVar(ctx);
      doc.write(`const ${elemVar} = ${accessor}[${i}];`);
      const elemOutput = compileChild(doc, ctx, itemSchema, elemVar);
      doc.write(`${outputVar}[${i}] = ${elemOutput};`);
    }
  }
  if (rest) {
    const iVar = newVar(ctx),
      elemVar = newVar(ctx);
    doc.write(`for (let ${iVar} = ${items.length}; ${iVar} < ${accessor}.length; ${iVar}++) {`),
      doc.indented((d) => {
        d.write(`const ${elemVar} = ${accessor}[${iVar}];`);
        const elemOutput = compileChild(d, ctx, rest, elemVar);
        d.write(`${outputVar}[${iVar}] = ${elemOutput};`);
      }),
      doc.write("}");
  }
  return outputVar;
}
function getTupleOptStart2(items, key) {
  for (let i = items.length - 1; i >= 0; i--)
    if (!(key === "optin" ? items[i]._zod.optin !== void 0 : items[i]._zod.optout === "optional")) return i + 1;
  return 0;
}
function generateUnionCheck(doc, ctx, schema, accessor) {
  const def = schema._zod.def,
    options = def.options;
  if (def.discriminator) return generateDiscriminatedUnionCheck(doc, ctx, def, accessor);
  if (def.inclusive === !1) throw new ZodCompileUnsupportedError("exclusive unions (z.xor)");
  if (options.length === 0) return doc.write("return INVALID;"), accessor;
  if (options.length === 1) return generateCheck(doc, ctx, options[0], accessor);
  if (options.every((opt) => opt._zod.def.type === "literal" && !opt._zod.def.checks?.length)) {
    const values = new Set(options.flatMap((opt) => opt._zod.def.values)),
      valuesConst = addConstant(ctx, values);
    return doc.write(`if (!${valuesConst}.has(${accessor})) return INVALID;`), accessor;
  }
  const outputVar = newVar(ctx);
  doc.write(`let ${outputVar};`);
  for (let i = 0; i < options.length; i++) {
    const opt = options[i];
    i === 0 ? doc.write(`${outputVar} = (() => {`) : doc.write(`if (${outputVar} === INVALID) ${outputVar} = (() => {`),
      doc.indented((d) => {
        const branchOutput = generateCheck(d, ctx, opt, accessor);
        d.write(`return ${branchOutput};`);
      }),
      doc.write("})();");
  }
  return doc.write(`if (${outputVar} === INVALID) return INVALID;`), outputVar;
}
function generateDiscriminatedUnionCheck(doc, ctx, def, accessor) {
  if (def.unionFallback) throw new ZodCompileUnsupportedError("discriminated union with unionFallback");
  if (def.options.length === 0) return doc.write("return INVALID;"), accessor;
  const discVar = newVar(ctx),
    outputVar = newVar(ctx);
  doc.write(`const ${discVar} = ${accessor}?.[${esc(def.discriminator)}];`), doc.write(`let ${outputVar};`);
  let firstBranch = !0,
    claimed = new Set();
  for (const option of def.options) {
    const values = option._zod.propValues?.[def.discriminator];
    if (!values || values.size === 0)
      throw new ZodCompileUnsupportedError("discriminated union option without static discriminator values");
    for (const value of values) {
      if (claimed.has(value)) throw new ZodCompileUnsupportedError(`duplicate discriminator value ${String(value)}`);
      claimed.add(value);
    }
    const conditions = Array.from(values, (value) => literalEquality(ctx, discVar, value)),
      prefix = firstBranch ? "if" : "else if";
    doc.write(`${prefix} (${conditions.join(" || ")}) {`),
      doc.indented((d) => {
        const branchOutput = generateCheck(d, ctx, option, accessor);
        d.write(`${outputVar} = ${branchOutput};`);
      }),
      doc.write("}"),
      (firstBranch = !1);
  }
  return doc.write("else { return INVALID; }"), outputVar;
}
function literalEquality(ctx, accessor, value) {
  if (typeof value == "string") return `${accessor} === ${esc(value)}`;
  if (typeof value == "number") return Number.isNaN(value) ? `Number.isNaN(${accessor})` : `${accessor} === ${value}`;
  if (typeof value == "boolean") return `${accessor} === ${value}`;
  if (value === null) return `${accessor} === null`;
  if (value === void 0) return `${accessor} === undefined`;
  if (typeof value == "bigint") return `${accessor} === ${value}n`;
  if (typeof value == "symbol") {
    const symbolConst = addConstant(ctx, value);
    return `${accessor} === ${symbolConst}`;
  }
  throw new ZodCompileUnsupportedError(`literal discriminator value ${String(value)}`);
}
function generateIntersectionCheck(doc, ctx, schema, accessor) {
  const def = schema._zod.def;
  ctx.definite = !1;
  const leftOutput = compileChild(doc, ctx, def.left, accessor),
    rightOutput = compileChild(doc, ctx, def.right, accessor),
    mergeConst = addConstant(ctx, mergeValues),
    mergedVar = newVar(ctx);
  return (
    doc.write(`const ${mergedVar} = ${mergeConst}(${leftOutput}, ${rightOutput});`),
    doc.write(`if (!${mergedVar}.valid) return INVALID;`),
    `${mergedVar}.data`
  );
}
function generateRecordCheck(doc, ctx, schema, accessor) {
  const def = schema._zod.def,
    isPlainObjectConst = addConstant(ctx, isPlainObject);
  doc.write(`if (!${isPlainObjectConst}(${accessor})) return INVALID;`);
  const outputVar = newVar(ctx),
    kVar = newVar(ctx),
    valVar = newVar(ctx);
  doc.write(`const ${outputVar} = {};`);
  const recordDef = def,
    keyValues = recordDef.partial ? void 0 : def.keyType._zod.values;
  if (keyValues) {
    const inputKeys = [];
    for (const key of keyValues) {
      if (!(typeof key == "string" || typeof key == "number" || typeof key == "symbol"))
        throw new ZodCompileUnsupportedError(`record key value ${String(key)}`);
      const inputKey = typeof key == "number" ? key.toString() : key;
      if (inputKey === "__proto__") throw new ZodCompileUnsupportedError('record key "__proto__"');
      inputKeys.push(inputKey);
      const keyConst = addConstant(ctx, key),
        outKey = generateCheck(doc, ctx, def.keyType, keyConst),
        valueVar = newVar(ctx);
      doc.write(`const ${valueVar} = ${accessor}[${literalPropertyKey(ctx, inputKey)}];`);
      const valOutput = compileChild(doc, ctx, def.valueType, valueVar);
      doc.write(`${outputVar}[${outKey}] = ${valOutput};`);
    }
    const knownKeysConst = addConstant(ctx, new Set(inputKeys));
    return (
      doc.write(`for (const ${kVar} in ${accessor}) {`),
      doc.indented((d) => {
        d.write(`if (${knownKeysConst}.has(${kVar})) continue;`),
          recordDef.mode === "loose"
            ? d.write(`if (${kVar} !== "__proto__") ${outputVar}[${kVar}] = ${accessor}[${kVar}];`)
            : d.write("return INVALID;");
      }),
      doc.write("}"),
      outputVar
    );
  }
  const keyDef = def.keyType._zod.def;
  if (!(keyDef.type === "string" && keyDef.format === void 0 && !keyDef.coerce && (keyDef.checks?.length ?? 0) === 0)) {
    const isLoose = def.mode === "loose",
      keyFn = compileFn(def.keyType);
    keyFn.definite === !1 && (ctx.definite = !1);
    const keyFast = addConstant(ctx, keyFn),
      numericConst = addConstant(ctx, number),
      outKeyVar = newVar(ctx);
    return (
      emitOwnKeys(doc, ctx, accessor, kVar, (d) => {
        d.write(`let ${outKeyVar} = ${keyFast}(${kVar});`),
          d.write(
            `if (${outKeyVar} === INVALID && typeof ${kVar} === "string" && ${numericConst}.test(${kVar})) ${outKeyVar} = ${keyFast}(Number(${kVar}));`,
          ),
          isLoose
            ? d.write(`if (${outKeyVar} === INVALID) { ${outputVar}[${kVar}] = ${accessor}[${kVar}]; continue; }`)
            : d.write(`if (${outKeyVar} === INVALID) return INVALID;`),
          d.write(`if (${outKeyVar} === "__proto__") continue;`);
        const valueVar = newVar(ctx);
        d.write(`const ${valueVar} = ${accessor}[${kVar}];`);
        const valOutput = compileChild(d, ctx, def.valueType, valueVar);
        d.write(`${outputVar}[${outKeyVar}] = ${valOutput};`);
      }),
      outputVar
    );
  }
  return (
    emitOwnKeys(
      doc,
      ctx,
      accessor,
      kVar,
      (d) => {
        d.write(`const ${valVar} = ${accessor}[${kVar}];`);
        const valOutput = compileChild(d, ctx, def.valueType, valVar);
        d.write(`${outputVar}[${kVar}] = ${valOutput};`);
      },
      "return INVALID;",
    ),
    outputVar
  );
}
function emitOwnKeys(doc, ctx, accessor, kVar, body, onSymbol) {
  const propIsEnumerableConst = addConstant(ctx, Object.prototype.propertyIsEnumerable),
    symsVar = newVar(ctx),
    keysVar = newVar(ctx),
    iVar = newVar(ctx);
  doc.write(`const ${symsVar} = Object.getOwnPropertySymbols(${accessor});`),
    doc.write(`const ${keysVar} = Object.getOwnPropertyNames(${accessor});`),
    doc.write(`for (let ${iVar} = 0; ${iVar} < ${keysVar}.length; ${iVar}++) {`),
    doc.indented((d) => {
      d.write(`const ${kVar} = ${keysVar}[${iVar}];`),
        d.write(`if (${kVar} === "__proto__" || !${propIsEnumerableConst}.call(${accessor}, ${kVar})) continue;`),
        body(d);
    }),
    doc.write("}"),
    doc.write(`for (let ${iVar} = 0; ${iVar} < ${symsVar}.length; ${iVar}++) {`),
    doc.indented((d) => {
      d.write(`const ${kVar} = ${symsVar}[${iVar}];`),
        d.write(`if (!${propIsEnumerableConst}.call(${accessor}, ${kVar})) continue;`),
        onSymbol ? d.write(onSymbol) : body(d);
    }),
    doc.write("}");
}
function literalPropertyKey(ctx, key) {
  return typeof key == "string" ? esc(key) : addConstant(ctx, key);
}
function generateMapCheck(doc, ctx, schema, accessor) {
  const def = schema._zod.def;
  doc.write(`if (!(${accessor} instanceof Map)) return INVALID;`), generateSizeGate(doc, schema, `${accessor}.size`);
  const outputVar = newVar(ctx),
    kVar = newVar(ctx),
    valVar = newVar(ctx);
  return (
    doc.write(`const ${outputVar} = new Map();`),
    doc.write(`for (const [${kVar}, ${valVar}] of ${accessor}) {`),
    doc.indented((d) => {
      const keyOutput = generateCheck(d, ctx, def.keyType, kVar),
        valOutput = generateCheck(d, ctx, def.valueType, valVar);
      d.write(`${outputVar}.set(${keyOutput}, ${valOutput});`);
    }),
    doc.write("}"),
    outputVar
  );
}
function generateSetCheck(doc, ctx, schema, accessor) {
  const def = schema._zod.def;
  doc.write(`if (!(${accessor} instanceof Set)) return INVALID;`), generateSizeGate(doc, schema, `${accessor}.size`);
  const outputVar = newVar(ctx),
    valVar = newVar(ctx);
  return (
    doc.write(`const ${outputVar} = new Set();`),
    doc.write(`for (const ${valVar} of ${accessor}) {`),
    doc.indented((d) => {
      const valOutput = generateCheck(d, ctx, def.valueType, valVar);
      d.write(`${outputVar}.add(${valOutput});`);
    }),
    doc.write("}"),
    outputVar
  );
}
function generateFileCheck(doc, accessor) {
  return doc.write(`if (!(${accessor} instanceof File)) return INVALID;`), accessor;
}
function generateTemplateLiteralCheck(doc, ctx, schema, accessor) {
  doc.write(`if (typeof ${accessor} !== "string") return INVALID;`);
  const pattern = schema._zod.pattern;
  if (pattern) {
    const patternConst = addConstant(ctx, pattern);
    doc.write(`${patternConst}.lastIndex = 0;`), doc.write(`if (!${patternConst}.test(${accessor})) return INVALID;`);
  }
  return accessor;
}
function generateLazyCheck(doc, ctx, schema, accessor) {
  const def = schema._zod.def,
    getterConst = addUserConstant(ctx, def.getter),
    cacheConst = addConstant(ctx, { parser: null });
  doc.write(`if (!${cacheConst}.parser) {`),
    doc.indented((d) => {
      d.write(`const inner = ${getterConst}();`),
        d.write(`${cacheConst}.parser = function(input) {`),
        d.indented((d2) => {
          d2.write("const result = inner._zod.run({ value: input, issues: [] }, {});"),
            d2.write("return result.issues.length === 0 ? result.value : INVALID;");
        }),
        d.write("};");
    }),
    doc.write("}");
  const outputVar = newVar(ctx);
  return (
    doc.write(`const ${outputVar} = ${cacheConst}.parser(${accessor});`),
    doc.write(`if (${outputVar} === INVALID) return INVALID;`),
    outputVar
  );
}
function generatePipeCheck(doc, ctx, schema, accessor) {
  const def = schema._zod.def,
    inputOutput = generateCheck(doc, ctx, def.in, accessor);
  if (def.transform) {
    if (isAsyncFunction(def.transform))
      throw new ZodCompileAsyncError("z.compile: async transforms in pipes are not supported");
    const transformFn = def.transform,
      helperConst = addUserConstant(ctx, (value) => {
        const fakePayload = { value, issues: [], addIssue: pushIssue },
          result = transformFn(value, fakePayload);
        return result instanceof Promise ? INVALID : fakePayload.issues.length === 0 ? result : INVALID;
      }),
      transformedVar = newVar(ctx);
    return (
      doc.write(`const ${transformedVar} = ${helperConst}(${inputOutput});`),
      doc.write(`if (${transformedVar} === INVALID) return INVALID;`),
      generateCheck(doc, ctx, def.out, transformedVar)
    );
  } else return generateCheck(doc, ctx, def.out, inputOutput);
}
function isAsyncFunction(fn) {
  return (
    typeof fn == "function" && (fn.constructor.name === "AsyncFunction" || fn[Symbol.toStringTag] === "AsyncFunction")
  );
}
function generateCustomCheck(doc, ctx, schema, accessor) {
  const def = schema._zod.def;
  if (def.fn) {
    if (isAsyncFunction(def.fn)) throw new ZodCompileAsyncError("z.compile: async custom predicates are not supported");
    const fnConst = addUserConstant(ctx, def.fn),
      throwAsyncConst = addConstant(ctx, throwAsync),
      resVar = newVar(ctx);
    doc.write(`const ${resVar} = ${fnConst}(${accessor});`),
      doc.write(`if (${resVar} instanceof Promise) ${throwAsyncConst}();`),
      doc.write(`if (!${resVar}) return INVALID;`);
  } else throw new ZodCompileUnsupportedError("custom schema without a predicate function");
  return accessor;
}
function runtimeCatch(innerSchema, catchValue, value) {
  const result = innerSchema._zod.run({ value, issues: [] }, {});
  if (result && typeof result.then == "function") return INVALID;
  const r = result;
  return r.issues.length === 0 ? r.value : catchValue();
}
function generateCatchCheck(doc, ctx, schema, accessor) {
  const def = schema._zod.def;
  if (!def.catchValue[CONSTANT_CATCH])
    throw new ZodCompileUnsupportedError("catch with a callback (only a constant catch value compiles)", !1);
  const outputVar = newVar(ctx);
  doc.write(`let ${outputVar} = (() => {`),
    doc.indented((d) => {
      const innerOut = compileChild(d, ctx, def.innerType, accessor);
      d.write(`return ${innerOut};`);
    }),
    doc.write("})();");
  const innerConst = addConstant(ctx, def.innerType),
    catchConst = addUserConstant(ctx, def.catchValue),
    catchHelperConst = addConstant(ctx, runtimeCatch);
  return (
    doc.write(`if (${outputVar} === INVALID) {`),
    doc.indented((d) => {
      d.write(`${outputVar} = ${catchHelperConst}(${innerConst}, ${catchConst}, ${accessor});`),
        d.write(`if (${outputVar} === INVALID) return INVALID;`);
    }),
    doc.write("}"),
    outputVar
  );
}
function generateTransformCheck(doc, ctx, schema, accessor) {
  const def = schema._zod.def;
  if (def.transform) {
    if (isAsyncFunction(def.transform)) throw new ZodCompileAsyncError("z.compile: async transforms are not supported");
    const transformFn = def.transform,
      helperConst = addUserConstant(ctx, (value) => {
        const fakePayload = { value, issues: [], addIssue: pushIssue },
          result = transformFn(value, fakePayload);
        return result instanceof Promise ? INVALID : fakePayload.issues.length === 0 ? result : INVALID;
      }),
      outputVar = newVar(ctx);
    return (
      doc.write(`const ${outputVar} = ${helperConst}(${accessor});`),
      doc.write(`if (${outputVar} === INVALID) return INVALID;`),
      outputVar
    );
  }
  return accessor;
}
function snapshotChecks(def) {
  return def.checks && (def.checks = [...def.checks]), def;
}
function _string(Class2, params) {
  return new Class2(snapshotChecks({ type: "string", ...normalizeParams(params) }));
}
function _coercedString(Class2, params) {
  return new Class2(snapshotChecks({ type: "string", coerce: !0, ...normalizeParams(params) }));
}
function _email(Class2, params) {
  return new Class2({ type: "string", format: "email", check: "string_format", abort: !1, ...normalizeParams(params) });
}
function _guid(Class2, params) {
  return new Class2({ type: "string", format: "guid", check: "string_format", abort: !1, ...normalizeParams(params) });
}
function _uuid(Class2, params) {
  return new Class2({ type: "string", format: "uuid", check: "string_format", abort: !1, ...normalizeParams(params) });
}
function _uuidv4(Class2, params) {
  return new Class2({
    type: "string",
    format: "uuid",
    check: "string_format",
    abort: !1,
    version: "v4",
    ...normalizeParams(params),
  });
}
function _uuidv6(Class2, params) {
  return new Class2({
    type: "string",
    format: "uuid",
    check: "string_format",
    abort: !1,
    version: "v6",
    ...normalizeParams(params),
  });
}
function _uuidv7(Class2, params) {
  return new Class2({
    type: "string",
    format: "uuid",
    check: "string_format",
    abort: !1,
    version: "v7",
    ...normalizeParams(params),
  });
}
function _url(Class2, params) {
  return new Class2({ type: "string", format: "url", check: "string_format", abort: !1, ...normalizeParams(params) });
}
function _emoji2(Class2, params) {
  return new Class2({ type: "string", format: "emoji", check: "string_format", abort: !1, ...normalizeParams(params) });
}
function _nanoid(Class2, params) {
  return new Class2({
    type: "string",
    format: "nanoid",
    check: "string_format",
    abort: !1,
    ...normalizeParams(params),
  });
}
function _cuid(Class2, params) {
  return new Class2({ type: "string", format: "cuid", check: "string_format", abort: !1, ...normalizeParams(params) });
}
function _cuid2(Class2, params) {
  return new Class2({ type: "string", format: "cuid2", check: "string_format", abort: !1, ...normalizeParams(params) });
}
function _ulid(Class2, params) {
  return new Class2({ type: "string", format: "ulid", check: "string_format", abort: !1, ...normalizeParams(params) });
}
function _xid(Class2, params) {
  return new Class2({ type: "string", format: "xid", check: "string_format", abort: !1, ...normalizeParams(params) });
}
function _ksuid(Class2, params) {
  return new Class2({ type: "string", format: "ksuid", check: "string_format", abort: !1, ...normalizeParams(params) });
}
function _ipv4(Class2, params) {
  return new Class2({ type: "string", format: "ipv4", check: "string_format", abort: !1, ...normalizeParams(params) });
}
function _ipv6(Class2, params) {
  return new Class2({ type: "string", format: "ipv6", check: "string_format", abort: !1, ...normalizeParams(params) });
}
function _mac(Class2, params) {
  return new Class2({ type: "string", format: "mac", check: "string_format", abort: !1, ...normalizeParams(params) });
}
function _cidrv4(Class2, params) {
  return new Class2({
    type: "string",
    format: "cidrv4",
    check: "string_format",
    abort: !1,
    ...normalizeParams(params),
  });
}
function _cidrv6(Class2, params) {
  return new Class2({
    type: "string",
    format: "cidrv6",
    check: "string_format",
    abort: !1,
    ...normalizeParams(params),
  });
}
function _base64(Class2, params) {
  return new Class2({
    type: "string",
    format: "base64",
    check: "string_format",
    abort: !1,
    ...normalizeParams(params),
  });
}
function _base64url(Class2, params) {
  return new Class2({
    type: "string",
    format: "base64url",
    check: "string_format",
    abort: !1,
    ...normalizeParams(params),
  });
}
function _e164(Class2, params) {
  return new Class2({ type: "string", format: "e164", check: "string_format", abort: !1, ...normalizeParams(params) });
}
function _creditCard(Class2, params) {
  return new Class2({
    type: "string",
    format: "credit_card",
    check: "string_format",
    abort: !1,
    ...normalizeParams(params),
  });
}
function _iban(Class2, params) {
  return new Class2({ type: "string", format: "iban", check: "string_format", abort: !1, ...normalizeParams(params) });
}
function _jwt(Class2, params) {
  return new Class2({ type: "string", format: "jwt", check: "string_format", abort: !1, ...normalizeParams(params) });
}
var TimePrecision = { Any: null, Minute: -1, Second: 0, Millisecond: 3, Microsecond: 6 };
function _isoDateTime(Class2, params) {
  return new Class2({
    type: "string",
    format: "datetime",
    check: "string_format",
    offset: !1,
    local: !1,
    precision: null,
    ...normalizeParams(params),
  });
}
function _isoDate(Class2, params) {
  return new Class2({ type: "string", format: "date", check: "string_format", ...normalizeParams(params) });
}
function _isoTime(Class2, params) {
  return new Class2({
    type: "string",
    format: "time",
    check: "string_format",
    precision: null,
    ...normalizeParams(params),
  });
}
function _isoDuration(Class2, params) {
  return new Class2({ type: "string", format: "duration", check: "string_format", ...normalizeParams(params) });
}
function _number(Class2, params) {
  return new Class2(snapshotChecks({ type: "number", checks: [], ...normalizeParams(params) }));
}
function _coercedNumber(Class2, params) {
  return new Class2(snapshotChecks({ type: "number", coerce: !0, checks: [], ...normalizeParams(params) }));
}
function _int(Class2, params) {
  return new Class2({
    type: "number",
    check: "number_format",
    abort: !1,
    format: "safeint",
    ...normalizeParams(params),
  });
}
function _float32(Class2, params) {
  return new Class2({
    type: "number",
    check: "number_format",
    abort: !1,
    format: "float32",
    ...normalizeParams(params),
  });
}
function _float64(Class2, params) {
  return new Class2({
    type: "number",
    check: "number_format",
    abort: !1,
    format: "float64",
    ...normalizeParams(params),
  });
}
function _int32(Class2, params) {
  return new Class2({ type: "number", check: "number_format", abort: !1, format: "int32", ...normalizeParams(params) });
}
function _uint32(Class2, params) {
  return new Class2({
    type: "number",
    check: "number_format",
    abort: !1,
    format: "uint32",
    ...normalizeParams(params),
  });
}
function _boolean(Class2, params) {
  return new Class2({ type: "boolean", ...normalizeParams(params) });
}
function _coercedBoolean(Class2, params) {
  return new Class2({ type: "boolean", coerce: !0, ...normalizeParams(params) });
}
function _bigint(Class2, params) {
  return new Class2({ type: "bigint", ...normalizeParams(params) });
}
function _coercedBigint(Class2, params) {
  return new Class2({ type: "bigint", coerce: !0, ...normalizeParams(params) });
}
function _int64(Class2, params) {
  return new Class2({ type: "bigint", check: "bigint_format", abort: !1, format: "int64", ...normalizeParams(params) });
}
function _uint64(Class2, params) {
  return new Class2({
    type: "bigint",
    check: "bigint_format",
    abort: !1,
    format: "uint64",
    ...normalizeParams(params),
  });
}
function _symbol(Class2, params) {
  return new Class2({ type: "symbol", ...normalizeParams(params) });
}
function _undefined2(Class2, params) {
  return new Class2({ type: "undefined", ...normalizeParams(params) });
}
function _null2(Class2, params) {
  return new Class2({ type: "null", ...normalizeParams(params) });
}
function _any(Class2) {
  return new Class2({ type: "any" });
}
function _unknown(Class2) {
  return new Class2({ type: "unknown" });
}
function _never(Class2, params) {
  return new Class2({ type: "never", ...normalizeParams(params) });
}
function _void(Class2, params) {
  return new Class2({ type: "void", ...normalizeParams(params) });
}
function _date(Class2, params) {
  return new Class2({ type: "date", ...normalizeParams(params) });
}
function _coercedDate(Class2, params) {
  return new Class2({ type: "date", coerce: !0, ...normalizeParams(params) });
}
function _nan(Class2, params) {
  return new Class2({ type: "nan", ...normalizeParams(params) });
}
function _lt(value, params) {
  return new $ZodCheckLessThan({ check: "less_than", ...normalizeParams(params), value, inclusive: !1 });
}
function _lte(value, params) {
  return new $ZodCheckLessThan({ check: "less_than", ...normalizeParams(params), value, inclusive: !0 });
}
function _gt(value, params) {
  return new $ZodCheckGreaterThan({ check: "greater_than", ...normalizeParams(params), value, inclusive: !1 });
}
function _gte(value, params) {
  return new $ZodCheckGreaterThan({ check: "greater_than", ...normalizeParams(params), value, inclusive: !0 });
}
function _positive(params) {
  return _gt(0, params);
}
function _negative(params) {
  return _lt(0, params);
}
function _nonpositive(params) {
  return _lte(0, params);
}
function _nonnegative(params) {
  return _gte(0, params);
}
function _multipleOf(value, params) {
  return new $ZodCheckMultipleOf({ check: "multiple_of", ...normalizeParams(params), value });
}
function _maxSize(maximum, params) {
  return new $ZodCheckMaxSize({ check: "max_size", ...normalizeParams(params), maximum });
}
function _minSize(minimum, params) {
  return new $ZodCheckMinSize({ check: "min_size", ...normalizeParams(params), minimum });
}
function _size(size, params) {
  return new $ZodCheckSizeEquals({ check: "size_equals", ...normalizeParams(params), size });
}
function _maxLength(maximum, params) {
  return new $ZodCheckMaxLength({ check: "max_length", ...normalizeParams(params), maximum });
}
function _minLength(minimum, params) {
  return new $ZodCheckMinLength({ check: "min_length", ...normalizeParams(params), minimum });
}
function _length(length, params) {
  return new $ZodCheckLengthEquals({ check: "length_equals", ...normalizeParams(params), length });
}
function _regex(pattern, params) {
  return new $ZodCheckRegex({ check: "string_format", format: "regex", ...normalizeParams(params), pattern });
}
function _lowercase(params) {
  return new $ZodCheckLowerCase({ check: "string_format", format: "lowercase", ...normalizeParams(params) });
}
function _uppercase(params) {
  return new $ZodCheckUpperCase({ check: "string_format", format: "uppercase", ...normalizeParams(params) });
}
function _includes(includes, params) {
  return new $ZodCheckIncludes({ check: "string_format", format: "includes", ...normalizeParams(params), includes });
}
function _startsWith(prefix, params) {
  return new $ZodCheckStartsWith({ check: "string_format", format: "starts_with", ...normalizeParams(params), prefix });
}
function _endsWith(suffix, params) {
  return new $ZodCheckEndsWith({ check: "string_format", format: "ends_with", ...normalizeParams(params), suffix });
}
function _property(property, schema, params) {
  return new $ZodCheckProperty({ check: "property", property, schema, ...normalizeParams(params) });
}
function _properties(shape, params) {
  return new $ZodCheckProperties({ check: "properties", shape, ...normalizeParams(params) });
}
function _mime(types, params) {
  return new $ZodCheckMimeType({ check: "mime_type", mime: types, ...normalizeParams(params) });
}
function _overwrite(tx) {
  return new $ZodCheckOverwrite({ check: "overwrite", tx });
}
function _normalize(form) {
  return _overwrite((input2) => input2.normalize(form));
}
function _trim() {
  return _overwrite((input2) => input2.trim());
}
function _toLowerCase() {
  return _overwrite((input2) => input2.toLowerCase());
}
function _toUpperCase() {
  return _overwrite((input2) => input2.toUpperCase());
}
function _slugify() {
  return _overwrite((input2) => slugify(input2));
}
function _array(Class2, element, params) {
  return new Class2({ type: "array", element, ...normalizeParams(params) });
}
function _union(Class2, options, params) {
  return new Class2({ type: "union", options, ...normalizeParams(params) });
}
function _xor(Class2, options, params) {
  return new Class2({ type: "union", options, inclusive: !1, ...normalizeParams(params) });
}
function _discriminatedUnion(Class2, discriminator, options, params) {
  return new Class2({ type: "union", options, discriminator, ...normalizeParams(params) });
}
function _intersection(Class2, left, right) {
  return new Class2({ type: "intersection", left, right });
}
function _tuple(Class2, items, _paramsOrRest, _params) {
  const hasRest = _paramsOrRest instanceof $ZodType,
    params = hasRest ? _params : _paramsOrRest,
    rest = hasRest ? _paramsOrRest : null;
  return new Class2({ type: "tuple", items, rest, ...normalizeParams(params) });
}
function _record(Class2, keyType, valueType, params) {
  return new Class2({ type: "record", keyType, valueType, ...normalizeParams(params) });
}
function _map(Class2, keyType, valueType, params) {
  return new Class2({ type: "map", keyType, valueType, ...normalizeParams(params) });
}
function _set(Class2, valueType, params) {
  return new Class2({ type: "set", valueType, ...normalizeParams(params) });
}
function _enum(Class2, values, params) {
  const entries = Array.isArray(values) ? Object.fromEntries(values.map((v) => [v, v])) : values;
  return new Class2({ type: "enum", entries, ...normalizeParams(params) });
}
function _nativeEnum(Class2, entries, params) {
  return new Class2({ type: "enum", entries, ...normalizeParams(params) });
}
function _literal(Class2, value, params) {
  return new Class2({ type: "literal", values: Array.isArray(value) ? value : [value], ...normalizeParams(params) });
}
function _file(Class2, params) {
  return new Class2({ type: "file", ...normalizeParams(params) });
}
function _transform(Class2, fn) {
  return new Class2({ type: "transform", transform: fn });
}
function _optional(Class2, innerType) {
  return new Class2({ type: "optional", innerType });
}
function _nullable(Class2, innerType) {
  return new Class2({ type: "nullable", innerType });
}
function _default(Class2, innerType, defaultValue) {
  return new Class2({
    type: "default",
    innerType,
    get defaultValue() {
      return typeof defaultValue == "function" ? defaultValue() : shallowClone(defaultValue);
    },
  });
}
function _nonoptional(Class2, innerType, params) {
  return new Class2({ type: "nonoptional", innerType, ...normalizeParams(params) });
}
function _success(Class2, innerType) {
  return new Class2({ type: "success", innerType });
}
function _catch(Class2, innerType, catchValue) {
  return new Class2({
    type: "catch",
    innerType,
    catchValue: typeof catchValue == "function" ? catchValue : constantCatch(catchValue),
  });
}
function _pipe(Class2, in_, out) {
  return new Class2({ type: "pipe", in: in_, out });
}
function _readonly(Class2, innerType) {
  return new Class2({ type: "readonly", innerType });
}
function _templateLiteral(Class2, parts, params) {
  return new Class2({ type: "template_literal", parts, ...normalizeParams(params) });
}
function _lazy(Class2, getter) {
  return new Class2({ type: "lazy", getter });
}
function _promise(Class2, innerType) {
  return new Class2({ type: "promise", innerType });
}
function _custom(Class2, fn, _params) {
  const norm = normalizeParams(_params);
  return norm.abort ?? (norm.abort = !0), new Class2({ type: "custom", check: "custom", fn, ...norm });
}
function _refine(Class2, fn, _params) {
  return new Class2({ type: "custom", check: "custom", fn, ...normalizeParams(_params) });
}
function _superRefine(fn, params) {
  const ch = _check(
    (payload) => (
      (payload.addIssue = (issue2) => {
        if (typeof issue2 == "string") payload.issues.push(issue(issue2, payload.value, ch._zod.def));
        else {
          const _issue = issue2;
          _issue.fatal && (_issue.continue = !1),
            _issue.code ?? (_issue.code = "custom"),
            "input" in _issue || (_issue.input = payload.value),
            _issue.inst ?? (_issue.inst = ch),
            _issue.continue ?? (_issue.continue = !ch._zod.def.abort),
            payload.issues.push(issue(_issue));
        }
      }),
      fn(payload.value, payload)
    ),
    params,
  );
  return ch;
}
function _check(fn, params) {
  const ch = new $ZodCheck({ check: "custom", ...normalizeParams(params) });
  return (ch._zod.check = fn), ch;
}
function describe(description) {
  const ch = new $ZodCheck({ check: "describe" });
  return (
    (ch._zod.onattach = [
      (inst) => {
        const existing = globalRegistry.get(inst) ?? {};
        globalRegistry.add(inst, { ...existing, description });
      },
    ]),
    (ch._zod.check = () => {}),
    ch
  );
}
function meta(metadata) {
  const ch = new $ZodCheck({ check: "meta" });
  return (
    (ch._zod.onattach = [
      (inst) => {
        const existing = globalRegistry.get(inst) ?? {};
        globalRegistry.add(inst, { ...existing, ...metadata });
      },
    ]),
    (ch._zod.check = () => {}),
    ch
  );
}
function _stringbool(Classes, _params) {
  let params = normalizeParams(_params),
    truthyArray = params.truthy ?? ["true", "1", "yes", "on", "y", "enabled"],
    falsyArray = params.falsy ?? ["false", "0", "no", "off", "n", "disabled"];
  params.case !== "sensitive" &&
    ((truthyArray = truthyArray.map((v) => (typeof v == "string" ? v.toLowerCase() : v))),
    (falsyArray = falsyArray.map((v) => (typeof v == "string" ? v.toLowerCase() : v))));
  const truthySet = new Set(truthyArray),
    falsySet = new Set(falsyArray),
    _Codec = Classes.Codec ?? $ZodCodec,
    _Boolean = Classes.Boolean ?? $ZodBoolean,
    _String = Classes.String ?? $ZodString,
    stringSchema = new _String({ type: "string", error: params.error }),
    booleanSchema = new _Boolean({ type: "boolean", error: params.error }),
    codec2 = new _Codec({
      type: "pipe",
      in: stringSchema,
      out: booleanSchema,
      transform: (input2, payload) => {
        let data = input2;
        return (
          params.case !== "sensitive" && (data = data.toLowerCase()),
          truthySet.has(data)
            ? !0
            : falsySet.has(data)
              ? !1
              : (payload.issues.push({
                  code: "invalid_value",
                  expected: "stringbool",
                  values: [...truthySet, ...falsySet],
                  input: payload.value,
                  inst: codec2,
                  continue: !1,
                }),
                {})
        );
      },
      reverseTransform: (input2, _payload) => (input2 === !0 ? truthyArray[0] || "true" : falsyArray[0] || "false"),
      error: params.error,
    });
  return (
    (codec2._zod.bag.truthy = truthyArray),
    (codec2._zod.bag.falsy = falsyArray),
    (codec2._zod.bag.case = params.case ?? "insensitive"),
    codec2
  );
}
function _stringFormat(Class2, format, fnOrRegex, _params = {}) {
  const params = normalizeParams(_params),
    def = {
      check: "string_format",
      type: "string",
      format,
      fn: typeof fnOrRegex == "function" ? fnOrRegex : (val) => fnOrRegex.test(val),
      ...params,
    };
  return fnOrRegex instanceof RegExp && (def.pattern = fnOrRegex), new Class2(def);
}
function assignProps(target, ...sources) {
  for (const source of sources)
    for (const key of Reflect.ownKeys(source))
      Object.prototype.propertyIsEnumerable.call(source, key) && assignProp(target, key, source[key]);
  return target;
}
function initializeContext(params) {
  let target = params?.target ?? "draft-2020-12";
  return (
    target === "draft-4" && (target = "draft-04"),
    target === "draft-7" && (target = "draft-07"),
    {
      processors: params.processors ?? {},
      metadataRegistry: params?.metadata ?? globalRegistry,
      target,
      unrepresentable: params?.unrepresentable ?? "throw",
      override: params?.override ?? (() => {}),
      io: params?.io ?? "output",
      counter: 0,
      seen: new Map(),
      sharedDefsExtractedFor: void 0,
      sharedEmitDoneFor: void 0,
      cycles: params?.cycles ?? "ref",
      reused: params?.reused ?? "inline",
      intersections: [],
      deferred: [],
      external: params?.external ?? void 0,
    }
  );
}
function handleUnrepresentable(schema, ctx, json2, params, message) {
  const result =
    typeof ctx.unrepresentable == "function"
      ? ctx.unrepresentable({ zodSchema: schema, path: params.path, message })
      : ctx.unrepresentable;
  if (result === "any") return !1;
  if (result === void 0 || result === "throw") throw new Error(message);
  return Object.assign(json2, result), !0;
}
function processSchema(schema, ctx, _params = { path: [], schemaPath: [] }) {
  var _a3;
  const def = schema._zod.def,
    seen = ctx.seen.get(schema);
  if (seen) return seen.count++, _params.schemaPath.includes(schema) && (seen.cycle = _params.path), seen.schema;
  const result = { schema: {}, count: 1, cycle: void 0, path: _params.path };
  ctx.seen.set(schema, result), (ctx.sharedDefsExtractedFor = void 0), (ctx.sharedEmitDoneFor = void 0);
  const overrideSchema = schema._zod.toJSONSchema?.();
  if (overrideSchema) result.schema = overrideSchema;
  else {
    const params = { ..._params, schemaPath: [..._params.schemaPath, schema], path: _params.path };
    if (schema._zod.processJSONSchema) schema._zod.processJSONSchema(ctx, result.schema, params);
    else {
      const _json = result.schema,
        processor = ctx.processors[def.type];
      if (!processor) throw new Error(`[toJSONSchema]: Non-representable type encountered: ${def.type}`);
      processor(schema, ctx, _json, params);
    }
    const parent = schema._zod.parent;
    parent &&
      (result.ref || (result.ref = parent), processSchema(parent, ctx, params), (ctx.seen.get(parent).isParent = !0));
  }
  const meta3 = ctx.metadataRegistry.get(schema);
  return (
    meta3 && assignProps(result.schema, meta3),
    ctx.io === "input" && isTransforming(schema) && (delete result.schema.examples, delete result.schema.default),
    ctx.io === "input" &&
      "_prefault" in result.schema &&
      ((_a3 = result.schema).default ?? (_a3.default = result.schema._prefault)),
    delete result.schema._prefault,
    ctx.seen.get(schema).schema
  );
}
function encodeJSONPointerSegment(segment) {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}
function extractDefs(ctx, schema) {
  const root = ctx.seen.get(schema);
  if (!root) throw new Error("Unprocessed schema. This is a bug in Zod.");
  if (ctx.external && ctx.sharedDefsExtractedFor === ctx.external) return;
  const idToSchema = new Map();
  for (const entry of ctx.seen.entries()) {
    const id = ctx.metadataRegistry.get(entry[0])?.id;
    if (id) {
      const existing = idToSchema.get(id);
      if (existing && existing !== entry[0])
        throw new Error(
          `Duplicate schema id "${id}" detected during JSON Schema conversion. Two different schemas cannot share the same id when converted together.`,
        );
      idToSchema.set(id, entry[0]);
    }
  }
  const makeURI = (entry) => {
      const defsSegment = ctx.target === "draft-2020-12" ? "$defs" : "definitions";
      if (ctx.external) {
        const externalId = ctx.external.registry.get(entry[0])?.id,
          uriGenerator = ctx.external.uri ?? ((id2) => id2);
        if (externalId) return { ref: uriGenerator(externalId) };
        const id = entry[1].defId ?? entry[1].schema.id ?? `schema${ctx.counter++}`;
        return (
          (entry[1].defId = id),
          { defId: id, ref: `${uriGenerator("__shared")}#/${defsSegment}/${encodeJSONPointerSegment(id)}` }
        );
      }
      const uriPrefix = "#",
        defUriPrefix = `${uriPrefix}/${defsSegment}/`;
      if (entry[1] === root && !entry[1].schema.id) return { ref: uriPrefix };
      const defId = entry[1].schema.id ?? `__schema${ctx.counter++}`;
      return { defId, ref: defUriPrefix + encodeJSONPointerSegment(defId) };
    },
    extractToDef = (entry) => {
      if (entry[1].schema.$ref) return;
      const seen = entry[1],
        { ref, defId } = makeURI(entry);
      (seen.def = { ...seen.schema }), defId && (seen.defId = defId);
      const schema2 = seen.schema;
      for (const key in schema2) delete schema2[key];
      schema2.$ref = ref;
    };
  if (ctx.cycles === "throw")
    for (const entry of ctx.seen.entries()) {
      const seen = entry[1];
      if (seen.cycle)
        throw new Error(`Cycle detected: #/${seen.cycle?.join("/")}/<root>

Set the \`cycles\` parameter to \`"ref"\` to resolve cyclical schemas with defs.`);
    }
  for (const entry of ctx.seen.entries()) {
    const seen = entry[1];
    if (schema === entry[0]) {
      extractToDef(entry);
      continue;
    }
    if (ctx.external) {
      const ext = ctx.external.registry.get(entry[0])?.id;
      if (schema !== entry[0] && ext) {
        extractToDef(entry);
        continue;
      }
    }
    if (ctx.metadataRegistry.get(entry[0])?.id) {
      extractToDef(entry);
      continue;
    }
    if (seen.cycle) {
      extractToDef(entry);
      continue;
    }
    seen.count > 1 && ctx.reused === "ref" && extractToDef(entry);
  }
  ctx.external && (ctx.sharedDefsExtractedFor = ctx.external);
}
function compactTypeUnion(schema) {
  const options = schema.anyOf;
  if (!Array.isArray(options) || options.length === 0 || schema.type !== void 0) return;
  const types = [];
  for (const option of options) {
    if (!option || typeof option != "object") return;
    compactTypeUnion(option);
    const keys = Object.keys(option);
    if (keys.length !== 1 || keys[0] !== "type") return;
    const type = option.type;
    for (const member of Array.isArray(type) ? type : [type]) {
      if (typeof member != "string") return;
      types.includes(member) || types.push(member);
    }
  }
  delete schema.anyOf, (schema.type = types.length === 1 ? types[0] : types);
}
var FOLDABLE_KEYS = new Set(["type", "properties", "required", "additionalProperties"]),
  UNION_KEYS = ["oneOf", "anyOf"];
function undeclaredConstraint(member) {
  const extra = member.additionalProperties;
  return extra === void 0 || extra === !1 || typeof extra != "object" || extra === null
    ? null
    : Object.keys(extra).length
      ? extra
      : null;
}
function foldObjects(members2) {
  const objects = [];
  for (const member of members2) {
    if (typeof member != "object" || member.type !== "object") return null;
    for (const key in member) if (!FOLDABLE_KEYS.has(key)) return null;
    objects.push(member);
  }
  const properties = {},
    required2 = new Set();
  for (const object2 of objects) {
    for (const key in object2.properties) {
      if (Object.hasOwn(properties, key)) continue;
      const parts = [];
      for (const other of objects) {
        const part = other.properties?.[key] ?? undeclaredConstraint(other);
        part != null && (parts.some((seen) => JSON.stringify(seen) === JSON.stringify(part)) || parts.push(part));
      }
      const merged = parts.length === 1 ? parts[0] : (foldObjects(parts) ?? { allOf: parts });
      assignProp(properties, key, merged);
    }
    for (const key of object2.required ?? []) required2.add(key);
  }
  const folded = { type: "object", properties };
  if (
    (required2.size && (folded.required = [...required2]),
    objects.every((object2) => object2.additionalProperties === !1))
  )
    folded.additionalProperties = !1;
  else {
    const constraints = [];
    for (const object2 of objects) {
      const constraint = undeclaredConstraint(object2);
      constraint &&
        !constraints.some((seen) => JSON.stringify(seen) === JSON.stringify(constraint)) &&
        constraints.push(constraint);
    }
    constraints.length === 1
      ? (folded.additionalProperties = constraints[0])
      : constraints.length > 1 && (folded.additionalProperties = { allOf: constraints });
  }
  return folded;
}
function foldIntersection(json2) {
  const allOf = json2.allOf;
  if (!Array.isArray(allOf) || allOf.length < 2) return;
  for (const key of FOLDABLE_KEYS) if (key in json2) return;
  let unions = allOf.filter((m) => UNION_KEYS.some((k) => Array.isArray(m[k]))),
    folded = null;
  if (!unions.length) folded = foldObjects(allOf);
  else {
    const union2 = unions[0],
      keyword = UNION_KEYS.find((k) => Array.isArray(union2[k]));
    if (Object.keys(union2).length !== 1) return;
    const rest = allOf.filter((m) => m !== union2),
      branches = union2[keyword].map((branch) => foldObjects([...rest, branch]));
    if (branches.some((b) => !b)) return;
    folded = { [keyword]: branches };
  }
  folded && (delete json2.allOf, assignProps(json2, folded));
}
function finalize(ctx, schema) {
  const root = ctx.seen.get(schema);
  if (!root) throw new Error("Unprocessed schema. This is a bug in Zod.");
  const flattenRef = (zodSchema) => {
    const seen = ctx.seen.get(zodSchema);
    if (seen.ref === null) return;
    const schema2 = seen.def ?? seen.schema,
      _cached = { ...schema2 },
      ref = seen.ref;
    if (((seen.ref = null), ref)) {
      flattenRef(ref);
      const refSeen = ctx.seen.get(ref),
        refSchema = refSeen.schema;
      if (
        (refSchema.$ref && (ctx.target === "draft-07" || ctx.target === "draft-04" || ctx.target === "openapi-3.0")
          ? ((schema2.allOf = schema2.allOf ?? []), schema2.allOf.push(refSchema))
          : assignProps(schema2, refSchema),
        assignProps(schema2, _cached),
        zodSchema._zod.parent === ref)
      )
        for (const key in schema2) key === "$ref" || key === "allOf" || key in _cached || delete schema2[key];
      if (refSchema.$ref && refSeen.def)
        for (const key in schema2)
          key === "$ref" ||
            key === "allOf" ||
            (key in refSeen.def &&
              JSON.stringify(schema2[key]) === JSON.stringify(refSeen.def[key]) &&
              delete schema2[key]);
    }
    const parent = zodSchema._zod.parent;
    if (parent && parent !== ref) {
      flattenRef(parent);
      const parentSeen = ctx.seen.get(parent);
      if (parentSeen?.schema.$ref && ((schema2.$ref = parentSeen.schema.$ref), parentSeen.def))
        for (const key in schema2)
          key === "$ref" ||
            key === "allOf" ||
            (key in parentSeen.def &&
              JSON.stringify(schema2[key]) === JSON.stringify(parentSeen.def[key]) &&
              delete schema2[key]);
    }
    ctx.override({ zodSchema, jsonSchema: schema2, path: seen.path ?? [] });
  };
  if (!ctx.external || ctx.sharedEmitDoneFor !== ctx.external) {
    for (const entry of [...ctx.seen.entries()].reverse()) flattenRef(entry[0]);
    if (ctx.target !== "openapi-3.0")
      for (const entry of ctx.seen.entries()) compactTypeUnion(entry[1].def ?? entry[1].schema);
    for (const rewrite of ctx.deferred) rewrite();
    if (ctx.intersections.length) {
      const carriers = new Map();
      for (const seen of ctx.seen.values())
        for (const json2 of [seen.schema, seen.def]) {
          const allOf = json2?.allOf;
          if (!Array.isArray(allOf)) continue;
          const existing = carriers.get(allOf);
          existing ? existing.push(json2) : carriers.set(allOf, [json2]);
        }
      for (const allOf of ctx.intersections) for (const json2 of carriers.get(allOf) ?? []) foldIntersection(json2);
    }
  }
  const result = {};
  if (
    (ctx.target === "draft-2020-12"
      ? (result.$schema = "https://json-schema.org/draft/2020-12/schema")
      : ctx.target === "draft-07"
        ? (result.$schema = "http://json-schema.org/draft-07/schema#")
        : ctx.target === "draft-04"
          ? (result.$schema = "http://json-schema.org/draft-04/schema#")
          : ctx.target,
    ctx.external?.uri)
  ) {
    const id = ctx.external.registry.get(schema)?.id;
    if (!id) throw new Error("Schema is missing an `id` property");
    result.$id = ctx.external.uri(id);
  }
  assignProps(result, root.defId ? root.schema : (root.def ?? root.schema));
  const rootMetaId = ctx.metadataRegistry.get(schema)?.id;
  rootMetaId !== void 0 && result.id === rootMetaId && delete result.id;
  const defs = ctx.external?.defs ?? {};
  if (!ctx.external || ctx.sharedEmitDoneFor !== ctx.external)
    for (const entry of ctx.seen.entries()) {
      const seen = entry[1];
      seen.def &&
        seen.defId &&
        (seen.def.id === seen.defId && delete seen.def.id, assignProp(defs, seen.defId, seen.def));
    }
  ctx.external && (ctx.sharedEmitDoneFor = ctx.external),
    ctx.external ||
      (Object.keys(defs).length > 0 &&
        (ctx.target === "draft-2020-12" ? (result.$defs = defs) : (result.definitions = defs)));
  try {
    const finalized = JSON.parse(JSON.stringify(result));
    return (
      Object.defineProperty(finalized, "~standard", {
        value: {
          ...schema["~standard"],
          jsonSchema: {
            input: createStandardJSONSchemaMethod(schema, "input", ctx.processors),
            output: createStandardJSONSchemaMethod(schema, "output", ctx.processors),
          },
        },
        enumerable: !1,
        writable: !1,
      }),
      finalized
    );
  } catch {
    throw new Error("Error converting schema to JSON.");
  }
}
function isTransforming(_schema, _ctx) {
  const ctx = _ctx ?? { seen: new Set() };
  if (ctx.seen.has(_schema)) return !1;
  ctx.seen.add(_schema);
  const def = _schema._zod.def;
  if (def.type === "transform") return !0;
  if (def.type === "array") return isTransforming(def.element, ctx);
  if (def.type === "set") return isTransforming(def.valueType, ctx);
  if (def.type === "lazy") return isTransforming(def.getter(), ctx);
  if (
    def.type === "promise" ||
    def.type === "optional" ||
    def.type === "nonoptional" ||
    def.type === "nullable" ||
    def.type === "readonly" ||
    def.type === "default" ||
    def.type === "prefault" ||
    def.type === "catch"
  )
    return isTransforming(def.innerType, ctx);
  if (def.type === "intersection") return isTransforming(def.left, ctx) || isTransforming(def.right, ctx);
  if (def.type === "record" || def.type === "map")
    return isTransforming(def.keyType, ctx) || isTransforming(def.valueType, ctx);
  if (def.type === "pipe")
    return _schema._zod.traits.has("$ZodCodec") ? !0 : isTransforming(def.in, ctx) || isTransforming(def.out, ctx);
  if (def.type === "object") {
    for (const key in def.shape) if (isTransforming(def.shape[key], ctx)) return !0;
    return !1;
  }
  if (def.type === "union") {
    for (const option of def.options) if (isTransforming(option, ctx)) return !0;
    return !1;
  }
  if (def.type === "tuple") {
    for (const item of def.items) if (isTransforming(item, ctx)) return !0;
    return !!(def.rest && isTransforming(def.rest, ctx));
  }
  return !1;
}
var createToJSONSchemaMethod =
    (schema, processors = {}) =>
    (params) => {
      const ctx = initializeContext({ ...params, processors });
      return processSchema(schema, ctx), extractDefs(ctx, schema), finalize(ctx, schema);
    },
  createStandardJSONSchemaMethod =
    (schema, io, processors = {}) =>
    (params) => {
      const { libraryOptions, target } = params ?? {},
        ctx = initializeContext({ ...(libraryOptions ?? {}), target, io, processors });
      return processSchema(schema, ctx), extractDefs(ctx, schema), finalize(ctx, schema);
    };
var narrowMin = (agg, key, value) => {
    (agg[key] === void 0 || value > agg[key]) && (agg[key] = value);
  },
  narrowMax = (agg, key, value) => {
    (agg[key] === void 0 || value < agg[key]) && (agg[key] = value);
  },
  narrowBoth = (agg, value) => {
    narrowMin(agg, "minimum", value), narrowMax(agg, "maximum", value);
  },
  addDivisor = (agg, value) => {
    agg.multipleOf ?? (agg.multipleOf = []), agg.multipleOf.includes(value) || agg.multipleOf.push(value);
  },
  addPattern = (agg, pattern) => {
    agg.patterns ?? (agg.patterns = new Set()), agg.patterns.add(pattern);
  },
  intersectMime = (agg, mime) => {
    agg.mime = agg.mime ? agg.mime.filter((m) => mime.includes(m)) : [...mime];
  },
  setFormat = (agg, format) => {
    (agg.format = format), format.includes("int") && (agg.isInt = !0);
  },
  minContributor = (agg, def) => narrowMin(agg, "minimum", def.minimum),
  maxContributor = (agg, def) => narrowMax(agg, "maximum", def.maximum),
  formatContributor = (ranges) => (agg, def) => {
    setFormat(agg, def.format);
    const [minimum, maximum] = ranges[def.format];
    narrowMin(agg, "minimum", minimum), narrowMax(agg, "maximum", maximum);
  },
  contributors = {
    greater_than: (agg, def) => narrowMin(agg, def.inclusive ? "minimum" : "exclusiveMinimum", def.value),
    less_than: (agg, def) => narrowMax(agg, def.inclusive ? "maximum" : "exclusiveMaximum", def.value),
    multiple_of: (agg, def) => addDivisor(agg, def.value),
    number_format: formatContributor(NUMBER_FORMAT_RANGES),
    bigint_format: formatContributor(BIGINT_FORMAT_RANGES),
    min_length: minContributor,
    max_length: maxContributor,
    length_equals: (agg, def) => narrowBoth(agg, def.length),
    min_size: minContributor,
    max_size: maxContributor,
    size_equals: (agg, def) => narrowBoth(agg, def.size),
    string_format: (agg, def) => {
      setFormat(agg, def.format),
        def.pattern && addPattern(agg, def.pattern),
        (def.format === "base64" || def.format === "base64url") && (agg.contentEncoding = def.format),
        (def.local || def.precision === -1) && (agg.laxFormat = !0);
    },
    mime_type: (agg, def) => intersectMime(agg, def.mime),
  };
function aggregateChecks(schema) {
  const agg = {},
    def = schema._zod.def,
    list = schema._zod.traits.has("$ZodCheck") ? [schema, ...(def.checks ?? [])] : (def.checks ?? []);
  for (const ch of list) contributors[ch._zod.def.check]?.(agg, ch._zod.def);
  const bag = schema._zod.bag;
  bag.minimum !== void 0 && narrowMin(agg, "minimum", bag.minimum),
    bag.exclusiveMinimum !== void 0 && narrowMin(agg, "exclusiveMinimum", bag.exclusiveMinimum),
    bag.maximum !== void 0 && narrowMax(agg, "maximum", bag.maximum),
    bag.exclusiveMaximum !== void 0 && narrowMax(agg, "exclusiveMaximum", bag.exclusiveMaximum),
    bag.multipleOf !== void 0 && addDivisor(agg, bag.multipleOf),
    bag.format !== void 0 && (agg.format ?? (agg.format = bag.format), bag.format.includes("int") && (agg.isInt = !0)),
    bag.mime && intersectMime(agg, bag.mime);
  for (const pattern of bag.patterns ?? []) addPattern(agg, pattern);
  return agg;
}
var formatMap = { guid: "uuid", url: "uri", datetime: "date-time", json_string: "json-string", regex: "" },
  exactPatterns = new Map([
    [base64Charset, base64],
    [base64urlCharset, base64url],
  ]),
  exactPattern = (p) => exactPatterns.get(p) ?? p,
  stringProcessor = (schema, ctx, _json, _params) => {
    const json2 = _json;
    json2.type = "string";
    const { minimum, maximum, format, patterns, contentEncoding, laxFormat } = aggregateChecks(schema);
    if (
      (typeof minimum == "number" && (json2.minLength = minimum),
      typeof maximum == "number" && (json2.maxLength = maximum),
      format &&
        ((json2.format = formatMap[format] ?? format),
        json2.format === "" && delete json2.format,
        (format === "time" || laxFormat) && delete json2.format),
      contentEncoding && (json2.contentEncoding = contentEncoding),
      patterns && patterns.size > 0)
    ) {
      const patternList = [...patterns].map(exactPattern);
      patternList.length === 1
        ? (json2.pattern = patternList[0].source)
        : patternList.length > 1 &&
          (json2.allOf = [
            ...patternList.map((regex) => ({
              ...(ctx.target === "draft-07" || ctx.target === "draft-04" || ctx.target === "openapi-3.0"
                ? { type: "string" }
                : {}),
              pattern: regex.source,
            })),
          ]);
    }
  },
  numberProcessor = (schema, ctx, _json, params) => {
    const json2 = _json,
      { minimum, maximum, multipleOf, exclusiveMaximum, exclusiveMinimum, isInt } = aggregateChecks(schema);
    json2.type = isInt ? "integer" : "number";
    const exMin = typeof exclusiveMinimum == "number" && exclusiveMinimum >= (minimum ?? Number.NEGATIVE_INFINITY),
      exMax = typeof exclusiveMaximum == "number" && exclusiveMaximum <= (maximum ?? Number.POSITIVE_INFINITY),
      legacy = ctx.target === "draft-04" || ctx.target === "openapi-3.0";
    if (
      (exMin
        ? legacy
          ? ((json2.minimum = exclusiveMinimum), (json2.exclusiveMinimum = !0))
          : (json2.exclusiveMinimum = exclusiveMinimum)
        : typeof minimum == "number" && (json2.minimum = minimum),
      exMax
        ? legacy
          ? ((json2.maximum = exclusiveMaximum), (json2.exclusiveMaximum = !0))
          : (json2.exclusiveMaximum = exclusiveMaximum)
        : typeof maximum == "number" && (json2.maximum = maximum),
      multipleOf)
    ) {
      const divisors = new Set();
      for (const divisor of multipleOf)
        Number.isFinite(divisor) && divisor !== 0
          ? divisors.add(Math.abs(divisor))
          : handleUnrepresentable(
              schema,
              ctx,
              json2,
              params,
              `A multipleOf divisor of ${divisor} cannot be represented in JSON Schema`,
            );
      const [first, ...rest] = divisors;
      first !== void 0 && (json2.multipleOf = first),
        rest.length && (json2.allOf = [...(json2.allOf ?? []), ...rest.map((m) => ({ multipleOf: m }))]);
    }
  },
  booleanProcessor = (_schema, _ctx, json2, _params) => {
    json2.type = "boolean";
  },
  bigintProcessor = (schema, ctx, json2, params) => {
    handleUnrepresentable(schema, ctx, json2, params, "BigInt cannot be represented in JSON Schema");
  },
  symbolProcessor = (schema, ctx, json2, params) => {
    handleUnrepresentable(schema, ctx, json2, params, "Symbols cannot be represented in JSON Schema");
  },
  nullProcessor = (_schema, ctx, json2, _params) => {
    ctx.target === "openapi-3.0"
      ? ((json2.type = "string"), (json2.nullable = !0), (json2.enum = [null]))
      : (json2.type = "null");
  },
  undefinedProcessor = (schema, ctx, json2, params) => {
    handleUnrepresentable(schema, ctx, json2, params, "Undefined cannot be represented in JSON Schema");
  },
  voidProcessor = (schema, ctx, json2, params) => {
    handleUnrepresentable(schema, ctx, json2, params, "Void cannot be represented in JSON Schema");
  },
  neverProcessor = (_schema, _ctx, json2, _params) => {
    json2.not = {};
  },
  anyProcessor = (_schema, _ctx, _json, _params) => {},
  unknownProcessor = (_schema, _ctx, _json, _params) => {},
  dateProcessor = (schema, ctx, json2, params) => {
    handleUnrepresentable(schema, ctx, json2, params, "Date cannot be represented in JSON Schema");
  },
  enumProcessor = (schema, _ctx, json2, _params) => {
    const def = schema._zod.def,
      values = getEnumValues(def.entries);
    if (values.length === 0) {
      json2.not = {};
      return;
    }
    values.every((v) => typeof v == "number") && (json2.type = "number"),
      values.every((v) => typeof v == "string") && (json2.type = "string"),
      (json2.enum = values);
  },
  literalProcessor = (schema, ctx, json2, params) => {
    const def = schema._zod.def;
    if (def.values.length === 0) {
      json2.not = {};
      return;
    }
    const vals = [];
    for (const val of def.values)
      if (val === void 0) {
        if (
          handleUnrepresentable(schema, ctx, json2, params, "Literal `undefined` cannot be represented in JSON Schema")
        )
          return;
      } else if (typeof val == "bigint") {
        if (handleUnrepresentable(schema, ctx, json2, params, "BigInt literals cannot be represented in JSON Schema"))
          return;
        vals.push(Number(val));
      } else vals.push(val);
    if (vals.length !== 0)
      if (vals.length === 1) {
        const val = vals[0];
        (json2.type = val === null ? "null" : typeof val),
          ctx.target === "draft-04" || ctx.target === "openapi-3.0" ? (json2.enum = [val]) : (json2.const = val);
      } else
        vals.every((v) => typeof v == "number") && (json2.type = "number"),
          vals.every((v) => typeof v == "string") && (json2.type = "string"),
          vals.every((v) => typeof v == "boolean") && (json2.type = "boolean"),
          vals.every((v) => v === null) && (json2.type = "null"),
          (json2.enum = vals);
  },
  nanProcessor = (schema, ctx, json2, params) => {
    handleUnrepresentable(schema, ctx, json2, params, "NaN cannot be represented in JSON Schema");
  },
  templateLiteralProcessor = (schema, _ctx, json2, _params) => {
    const _json = json2,
      pattern = schema._zod.pattern;
    if (!pattern) throw new Error("Pattern not found in template literal");
    (_json.type = "string"), (_json.pattern = pattern.source);
  },
  fileProcessor = (schema, _ctx, json2, _params) => {
    const _json = json2;
    (_json.type = "string"), (_json.format = "binary"), (_json.contentEncoding = "binary");
    const { minimum, maximum, mime } = aggregateChecks(schema);
    minimum !== void 0 && (_json.minLength = minimum),
      maximum !== void 0 && (_json.maxLength = maximum),
      mime &&
        (mime.length === 0
          ? (_json.not = {})
          : mime.length === 1
            ? (_json.contentMediaType = mime[0])
            : (_json.anyOf = mime.map((m) => ({ contentMediaType: m }))));
  },
  successProcessor = (_schema, _ctx, json2, _params) => {
    json2.type = "boolean";
  },
  customProcessor = (schema, ctx, json2, params) => {
    handleUnrepresentable(schema, ctx, json2, params, "Custom types cannot be represented in JSON Schema");
  },
  functionProcessor = (schema, ctx, json2, params) => {
    handleUnrepresentable(schema, ctx, json2, params, "Function types cannot be represented in JSON Schema");
  },
  transformProcessor = (schema, ctx, json2, params) => {
    handleUnrepresentable(schema, ctx, json2, params, "Transforms cannot be represented in JSON Schema");
  },
  mapProcessor = (schema, ctx, json2, params) => {
    handleUnrepresentable(schema, ctx, json2, params, "Map cannot be represented in JSON Schema");
  },
  setProcessor = (schema, ctx, json2, params) => {
    handleUnrepresentable(schema, ctx, json2, params, "Set cannot be represented in JSON Schema");
  },
  arrayProcessor = (schema, ctx, _json, params) => {
    const json2 = _json,
      def = schema._zod.def,
      { minimum, maximum } = aggregateChecks(schema);
    typeof minimum == "number" && (json2.minItems = minimum),
      typeof maximum == "number" && (json2.maxItems = maximum),
      (json2.type = "array"),
      (json2.items = processSchema(def.element, ctx, { ...params, path: [...params.path, "items"] }));
  };
function inputOptin(schema) {
  const def = schema._zod.def;
  return def.type === "pipe" && def.in._zod.traits.has("$ZodTransform")
    ? inputOptin(def.out)
    : def.type === "catch"
      ? inputOptin(def.innerType)
      : schema._zod.optin;
}
var objectProcessor = (schema, ctx, _json, params) => {
    const json2 = _json,
      def = schema._zod.def,
      shape = def.shape;
    if (
      Object.getOwnPropertySymbols(shape).length &&
      handleUnrepresentable(schema, ctx, json2, params, "Symbol keys cannot be represented in JSON Schema")
    )
      return;
    (json2.type = "object"), (json2.properties = {});
    for (const key in shape)
      assignProp(
        json2.properties,
        key,
        processSchema(shape[key], ctx, { ...params, path: [...params.path, "properties", key] }),
      );
    const requiredKeys = [];
    for (const key of Object.keys(shape)) {
      const field = def.shape[key];
      (ctx.io === "input" ? inputOptin(field) === void 0 : field._zod.optout === void 0) && requiredKeys.push(key);
    }
    requiredKeys.length > 0 && (json2.required = requiredKeys),
      def.catchall?._zod.def.type === "never"
        ? (json2.additionalProperties = !1)
        : def.catchall
          ? def.catchall &&
            (json2.additionalProperties = processSchema(def.catchall, ctx, {
              ...params,
              path: [...params.path, "additionalProperties"],
            }))
          : ctx.io === "output" && (json2.additionalProperties = !1);
  },
  unionProcessor = (schema, ctx, json2, params) => {
    const def = schema._zod.def,
      isExclusive = def.inclusive === !1,
      options = def.options.map((x, i) =>
        processSchema(x, ctx, { ...params, path: [...params.path, isExclusive ? "oneOf" : "anyOf", i] }),
      );
    isExclusive ? (json2.oneOf = options) : (json2.anyOf = options);
  },
  intersectionProcessor = (schema, ctx, json2, params) => {
    const def = schema._zod.def,
      a = processSchema(def.left, ctx, { ...params, path: [...params.path, "allOf", 0] }),
      b = processSchema(def.right, ctx, { ...params, path: [...params.path, "allOf", 1] }),
      isSimpleIntersection = (val) => "allOf" in val && Object.keys(val).length === 1,
      allOf = [...(isSimpleIntersection(a) ? a.allOf : [a]), ...(isSimpleIntersection(b) ? b.allOf : [b])];
    (json2.allOf = allOf), ctx.intersections.push(allOf);
  },
  tupleProcessor = (schema, ctx, _json, params) => {
    const json2 = _json,
      def = schema._zod.def;
    json2.type = "array";
    let prefixPath = ctx.target === "draft-2020-12" ? "prefixItems" : "items",
      restPath = ctx.target === "draft-2020-12" || ctx.target === "openapi-3.0" ? "items" : "additionalItems",
      prefixItems = def.items.map((x, i) =>
        processSchema(x, ctx, { ...params, path: [...params.path, prefixPath, i] }),
      ),
      rest = def.rest
        ? processSchema(def.rest, ctx, {
            ...params,
            path: [...params.path, restPath, ...(ctx.target === "openapi-3.0" ? [def.items.length] : [])],
          })
        : null,
      minItems = def.items.length;
    for (; minItems > 0; ) {
      const item = def.items[minItems - 1];
      if (!(ctx.io === "input" ? inputOptin(item) !== void 0 : item._zod.optout === "optional")) break;
      minItems--;
    }
    const maxItems = def.items.length,
      isClosed = !def.rest;
    ctx.target === "draft-2020-12"
      ? ((json2.prefixItems = prefixItems),
        isClosed ? (json2.items = !1) : rest && (json2.items = rest),
        minItems > 0 && (json2.minItems = minItems),
        isClosed && (json2.maxItems = maxItems))
      : ctx.target === "openapi-3.0"
        ? ((json2.items = { anyOf: prefixItems }),
          rest && json2.items.anyOf.push(rest),
          minItems > 0 && (json2.minItems = minItems),
          isClosed && (json2.maxItems = maxItems))
        : ((json2.items = prefixItems),
          isClosed ? (json2.additionalItems = !1) : rest && (json2.additionalItems = rest),
          minItems > 0 && (json2.minItems = minItems),
          isClosed && (json2.maxItems = maxItems));
    const { minimum, maximum } = aggregateChecks(schema);
    typeof minimum == "number" && (json2.minItems = minimum), typeof maximum == "number" && (json2.maxItems = maximum);
  };
function stringifyKeyNames(bySchema, json2, visited) {
  if (json2.$ref) {
    if (visited.has(json2)) return json2;
    visited.add(json2);
    const def = bySchema.get(json2)?.def;
    if (!def) return json2;
    const inlined = stringifyKeyNames(bySchema, def, visited);
    return inlined === def ? json2 : inlined;
  }
  for (const keyword of ["anyOf", "oneOf"]) {
    const branches = json2[keyword];
    if (!Array.isArray(branches)) continue;
    const mapped = branches.map((branch) => stringifyKeyNames(bySchema, branch, visited));
    mapped.some((branch, i) => branch !== branches[i]) && (json2 = { ...json2, [keyword]: mapped });
  }
  const types = Array.isArray(json2.type) ? json2.type : [json2.type],
    numericType = !types.includes("string") && types.some((t) => t === "number" || t === "integer"),
    values = json2.enum ?? (json2.const !== void 0 ? [json2.const] : void 0);
  if (!numericType && !values?.some((v) => typeof v == "number")) return json2;
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, format, id, ...rest } = json2;
  return (
    rest.enum
      ? (rest.enum = rest.enum.map((v) => (typeof v == "number" ? String(v) : v)))
      : typeof rest.const == "number" && (rest.const = String(rest.const)),
    numericType &&
      ((rest.type = "string"), values || (rest.pattern = (types.includes("number") ? number : integer).source)),
    rest
  );
}
var pendingRecords = new WeakMap();
function rewriteKeyNames(ctx) {
  const bySchema = new Map();
  for (const entry of ctx.seen.values()) entry.def && !bySchema.has(entry.schema) && bySchema.set(entry.schema, entry);
  const rewrites = new Map();
  for (const record2 of pendingRecords.get(ctx) ?? []) {
    const seen = ctx.seen.get(record2),
      names = (seen?.def ?? seen?.schema)?.propertyNames;
    if (!names || names === !0 || rewrites.has(names)) continue;
    const rewritten = stringifyKeyNames(bySchema, names, new Set());
    rewritten !== names && rewrites.set(names, rewritten);
  }
  if (rewrites.size)
    for (const entry of ctx.seen.values())
      for (const carrier of [entry.schema, entry.def]) {
        const rewritten = carrier && rewrites.get(carrier.propertyNames);
        rewritten && (carrier.propertyNames = rewritten);
      }
}
var recordProcessor = (schema, ctx, _json, params) => {
    const json2 = _json,
      def = schema._zod.def;
    json2.type = "object";
    const keyType = def.keyType,
      patterns = aggregateChecks(keyType).patterns;
    if (def.mode === "loose" && patterns && patterns.size > 0) {
      const valueSchema = processSchema(def.valueType, ctx, {
        ...params,
        path: [...params.path, "patternProperties", "*"],
      });
      json2.patternProperties = {};
      for (const pattern of patterns) assignProp(json2.patternProperties, exactPattern(pattern).source, valueSchema);
    } else {
      if (ctx.target === "draft-07" || ctx.target === "draft-2020-12") {
        json2.propertyNames = processSchema(def.keyType, ctx, { ...params, path: [...params.path, "propertyNames"] });
        let pending = pendingRecords.get(ctx);
        pending || ((pending = []), pendingRecords.set(ctx, pending), ctx.deferred.push(() => rewriteKeyNames(ctx))),
          pending.push(schema);
      }
      json2.additionalProperties = processSchema(def.valueType, ctx, {
        ...params,
        path: [...params.path, "additionalProperties"],
      });
    }
    const keyValues = keyType._zod.values,
      omittableOnInput = ctx.io === "input" && inputOptin(def.valueType) !== void 0;
    if (keyValues && !def.partial && !omittableOnInput) {
      const validKeyValues = [...keyValues].filter((v) => typeof v == "string" || typeof v == "number");
      validKeyValues.length > 0 && (json2.required = validKeyValues.map(String));
    }
  },
  nullableProcessor = (schema, ctx, json2, params) => {
    const def = schema._zod.def,
      inner = processSchema(def.innerType, ctx, params),
      seen = ctx.seen.get(schema);
    ctx.target === "openapi-3.0"
      ? ((seen.ref = def.innerType), (json2.nullable = !0))
      : (json2.anyOf = [inner, { type: "null" }]);
  },
  nonoptionalProcessor = (schema, ctx, _json, params) => {
    const def = schema._zod.def;
    processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
  },
  UNREPRESENTABLE_DEFAULT = Symbol();
function serializeDefaultValue(value, schema, ctx, json2, params) {
  let unrepresentable = !1,
    serialized = JSON.stringify(value, (_, val) => (typeof val != "bigint" ? val : ((unrepresentable = !0), null)));
  return unrepresentable
    ? (handleUnrepresentable(schema, ctx, json2, params, "BigInt defaults cannot be represented in JSON Schema"),
      UNREPRESENTABLE_DEFAULT)
    : JSON.parse(serialized);
}
var defaultProcessor = (schema, ctx, json2, params) => {
    const def = schema._zod.def;
    processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
    const value = serializeDefaultValue(def.defaultValue, schema, ctx, json2, params);
    value !== UNREPRESENTABLE_DEFAULT && (json2.default = value);
  },
  prefaultProcessor = (schema, ctx, json2, params) => {
    const def = schema._zod.def;
    processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    if (((seen.ref = def.innerType), ctx.io !== "input")) return;
    const value = serializeDefaultValue(def.defaultValue, schema, ctx, json2, params);
    value !== UNREPRESENTABLE_DEFAULT && (json2._prefault = value);
  },
  catchProcessor = (schema, ctx, json2, params) => {
    const def = schema._zod.def;
    processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
    let catchValue;
    try {
      catchValue = def.catchValue(void 0);
    } catch {
      handleUnrepresentable(schema, ctx, json2, params, "Dynamic catch values are not supported in JSON Schema");
      return;
    }
    json2.default = catchValue;
  },
  pipeProcessor = (schema, ctx, _json, params) => {
    const def = schema._zod.def,
      inIsTransform = def.in._zod.traits.has("$ZodTransform"),
      innerType = ctx.io === "input" ? (inIsTransform ? def.out : def.in) : def.out;
    processSchema(innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = innerType;
  },
  readonlyProcessor = (schema, ctx, json2, params) => {
    const def = schema._zod.def;
    processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    (seen.ref = def.innerType), (json2.readOnly = !0);
  },
  promiseProcessor = (schema, ctx, _json, params) => {
    const def = schema._zod.def;
    processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
  },
  optionalProcessor = (schema, ctx, _json, params) => {
    const def = schema._zod.def;
    processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
  },
  lazyProcessor = (schema, ctx, _json, params) => {
    const innerType = schema._zod.innerType;
    processSchema(innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = innerType;
  },
  allProcessors = {
    string: stringProcessor,
    number: numberProcessor,
    boolean: booleanProcessor,
    bigint: bigintProcessor,
    symbol: symbolProcessor,
    null: nullProcessor,
    undefined: undefinedProcessor,
    void: voidProcessor,
    never: neverProcessor,
    any: anyProcessor,
    unknown: unknownProcessor,
    date: dateProcessor,
    enum: enumProcessor,
    literal: literalProcessor,
    nan: nanProcessor,
    template_literal: templateLiteralProcessor,
    file: fileProcessor,
    success: successProcessor,
    custom: customProcessor,
    function: functionProcessor,
    transform: transformProcessor,
    map: mapProcessor,
    set: setProcessor,
    array: arrayProcessor,
    object: objectProcessor,
    union: unionProcessor,
    intersection: intersectionProcessor,
    tuple: tupleProcessor,
    record: recordProcessor,
    nullable: nullableProcessor,
    nonoptional: nonoptionalProcessor,
    default: defaultProcessor,
    prefault: prefaultProcessor,
    catch: catchProcessor,
    pipe: pipeProcessor,
    readonly: readonlyProcessor,
    promise: promiseProcessor,
    optional: optionalProcessor,
    lazy: lazyProcessor,
  };
function toJSONSchema(input2, params) {
  if ("_idmap" in input2) {
    const registry2 = input2,
      ctx2 = initializeContext({ ...params, processors: allProcessors }),
      defs = {};
    for (const entry of registry2._idmap.entries()) {
      const [_, schema] = entry;
      processSchema(schema, ctx2);
    }
    const schemas = {},
      external = { registry: registry2, uri: params?.uri, defs };
    ctx2.external = external;
    for (const entry of registry2._idmap.entries()) {
      const [key, schema] = entry;
      extractDefs(ctx2, schema), assignProp(schemas, key, finalize(ctx2, schema));
    }
    if (Object.keys(defs).length > 0) {
      const defsSegment = ctx2.target === "draft-2020-12" ? "$defs" : "definitions";
      schemas.__shared = { [defsSegment]: defs };
    }
    return { schemas };
  }
  const ctx = initializeContext({ ...params, processors: allProcessors });
  return processSchema(input2, ctx), extractDefs(ctx, input2), finalize(ctx, input2);
}
var JSONSchemaGenerator = class {
  get metadataRegistry() {
    return this.ctx.metadataRegistry;
  }
  get target() {
    return this.ctx.target;
  }
  get unrepresentable() {
    return this.ctx.unrepresentable;
  }
  get override() {
    return this.ctx.override;
  }
  get io() {
    return this.ctx.io;
  }
  get counter() {
    return this.ctx.counter;
  }
  set counter(value) {
    this.ctx.counter = value;
  }
  get seen() {
    return this.ctx.seen;
  }
  constructor(params) {
    let normalizedTarget = params?.target ?? "draft-2020-12";
    normalizedTarget === "draft-4" && (normalizedTarget = "draft-04"),
      normalizedTarget === "draft-7" && (normalizedTarget = "draft-07"),
      (this.ctx = initializeContext({
        processors: allProcessors,
        target: normalizedTarget,
        ...(params?.metadata && { metadata: params.metadata }),
        ...(params?.unrepresentable && { unrepresentable: params.unrepresentable }),
        ...(params?.override && { override: params.override }),
        ...(params?.io && { io: params.io }),
      }));
  }
  process(schema, _params = { path: [], schemaPath: [] }) {
    return processSchema(schema, this.ctx, _params);
  }
  emit(schema, _params) {
    _params &&
      (_params.cycles && (this.ctx.cycles = _params.cycles),
      _params.reused && (this.ctx.reused = _params.reused),
      _params.external && (this.ctx.external = _params.external)),
      (this.ctx.sharedDefsExtractedFor = void 0),
      (this.ctx.sharedEmitDoneFor = void 0),
      extractDefs(this.ctx, schema);
    const result = finalize(this.ctx, schema),
      { "~standard": _, ...plainResult } = result;
    return plainResult;
  }
};
var json_schema_exports = {};
var schemas_exports2 = {};
__export(schemas_exports2, {
  ZodAny: () => ZodAny,
  ZodArray: () => ZodArray,
  ZodBase64: () => ZodBase64,
  ZodBase64URL: () => ZodBase64URL,
  ZodBigInt: () => ZodBigInt,
  ZodBigIntFormat: () => ZodBigIntFormat,
  ZodBoolean: () => ZodBoolean,
  ZodCIDRv4: () => ZodCIDRv4,
  ZodCIDRv6: () => ZodCIDRv6,
  ZodCUID: () => ZodCUID,
  ZodCUID2: () => ZodCUID2,
  ZodCatch: () => ZodCatch,
  ZodCodec: () => ZodCodec,
  ZodCreditCard: () => ZodCreditCard,
  ZodCustom: () => ZodCustom,
  ZodCustomStringFormat: () => ZodCustomStringFormat,
  ZodDate: () => ZodDate,
  ZodDefault: () => ZodDefault,
  ZodDiscriminatedUnion: () => ZodDiscriminatedUnion,
  ZodE164: () => ZodE164,
  ZodEmail: () => ZodEmail,
  ZodEmoji: () => ZodEmoji,
  ZodEnum: () => ZodEnum,
  ZodExactOptional: () => ZodExactOptional,
  ZodFile: () => ZodFile,
  ZodFunction: () => ZodFunction,
  ZodGUID: () => ZodGUID,
  ZodIBAN: () => ZodIBAN,
  ZodIPv4: () => ZodIPv4,
  ZodIPv6: () => ZodIPv6,
  ZodISODate: () => ZodISODate,
  ZodISODateTime: () => ZodISODateTime,
  ZodISODuration: () => ZodISODuration,
  ZodISOTime: () => ZodISOTime,
  ZodInstanceOf: () => ZodInstanceOf,
  ZodIntersection: () => ZodIntersection,
  ZodJWT: () => ZodJWT,
  ZodKSUID: () => ZodKSUID,
  ZodLazy: () => ZodLazy,
  ZodLiteral: () => ZodLiteral,
  ZodMAC: () => ZodMAC,
  ZodMap: () => ZodMap,
  ZodNaN: () => ZodNaN,
  ZodNanoID: () => ZodNanoID,
  ZodNever: () => ZodNever,
  ZodNonOptional: () => ZodNonOptional,
  ZodNull: () => ZodNull,
  ZodNullable: () => ZodNullable,
  ZodNumber: () => ZodNumber,
  ZodNumberFormat: () => ZodNumberFormat,
  ZodObject: () => ZodObject,
  ZodOptional: () => ZodOptional,
  ZodPipe: () => ZodPipe,
  ZodPrefault: () => ZodPrefault,
  ZodPreprocess: () => ZodPreprocess,
  ZodPromise: () => ZodPromise,
  ZodReadonly: () => ZodReadonly,
  ZodRecord: () => ZodRecord,
  ZodSet: () => ZodSet,
  ZodString: () => ZodString,
  ZodStringFormat: () => ZodStringFormat,
  ZodSuccess: () => ZodSuccess,
  ZodSymbol: () => ZodSymbol,
  ZodTemplateLiteral: () => ZodTemplateLiteral,
  ZodTransform: () => ZodTransform,
  ZodTuple: () => ZodTuple,
  ZodType: () => ZodType,
  ZodULID: () => ZodULID,
  ZodURL: () => ZodURL,
  ZodUUID: () => ZodUUID,
  ZodUndefined: () => ZodUndefined,
  ZodUnion: () => ZodUnion,
  ZodUnknown: () => ZodUnknown,
  ZodVoid: () => ZodVoid,
  ZodXID: () => ZodXID,
  ZodXor: () => ZodXor,
  _ZodString: () => _ZodString,
  _default: () => _default2,
  _function: () => _function,
  any: () => any,
  array: () => array,
  base64: () => base642,
  base64url: () => base64url2,
  bigint: () => bigint2,
  boolean: () => boolean2,
  catch: () => _catch2,
  check: () => check,
  cidrv4: () => cidrv42,
  cidrv6: () => cidrv62,
  codec: () => codec,
  creditCard: () => creditCard2,
  cuid: () => cuid3,
  cuid2: () => cuid22,
  currencyCode: () => currencyCode2,
  custom: () => custom,
  date: () => date2,
  describe: () => describe2,
  discriminatedUnion: () => discriminatedUnion,
  e164: () => e1642,
  email: () => email2,
  emoji: () => emoji2,
  enum: () => _enum2,
  exactOptional: () => exactOptional,
  file: () => file,
  float32: () => float32,
  float64: () => float64,
  function: () => _function,
  guid: () => guid2,
  hash: () => hash,
  hex: () => hex2,
  hostname: () => hostname2,
  httpUrl: () => httpUrl,
  iban: () => iban2,
  instanceof: () => _instanceof,
  int: () => int,
  int32: () => int32,
  int64: () => int64,
  intersection: () => intersection,
  invertCodec: () => invertCodec,
  ipv4: () => ipv42,
  ipv6: () => ipv62,
  json: () => json,
  jwt: () => jwt,
  keyof: () => keyof,
  ksuid: () => ksuid2,
  lazy: () => lazy,
  literal: () => literal,
  looseObject: () => looseObject,
  looseRecord: () => looseRecord,
  mac: () => mac2,
  map: () => map,
  meta: () => meta2,
  nan: () => nan,
  nanoid: () => nanoid2,
  nativeEnum: () => nativeEnum,
  never: () => never,
  nonoptional: () => nonoptional,
  null: () => _null3,
  nullable: () => nullable,
  nullish: () => nullish2,
  number: () => number2,
  object: () => object,
  optional: () => optional,
  partialRecord: () => partialRecord,
  pipe: () => pipe,
  prefault: () => prefault,
  preprocess: () => preprocess,
  promise: () => promise,
  readonly: () => readonly,
  record: () => record,
  refine: () => refine,
  set: () => set,
  strictObject: () => strictObject,
  string: () => string2,
  stringFormat: () => stringFormat,
  stringbool: () => stringbool,
  success: () => success,
  superRefine: () => superRefine,
  symbol: () => symbol,
  templateLiteral: () => templateLiteral,
  transform: () => transform,
  tuple: () => tuple,
  uint32: () => uint32,
  uint64: () => uint64,
  ulid: () => ulid2,
  undefined: () => _undefined3,
  union: () => union,
  unknown: () => unknown,
  url: () => url,
  uuid: () => uuid2,
  uuidv4: () => uuidv4,
  uuidv6: () => uuidv6,
  uuidv7: () => uuidv7,
  void: () => _void2,
  xid: () => xid2,
  xor: () => xor,
});
var checks_exports2 = {};
__export(checks_exports2, {
  endsWith: () => _endsWith,
  gt: () => _gt,
  gte: () => _gte,
  includes: () => _includes,
  length: () => _length,
  lowercase: () => _lowercase,
  lt: () => _lt,
  lte: () => _lte,
  maxLength: () => _maxLength,
  maxSize: () => _maxSize,
  mime: () => _mime,
  minLength: () => _minLength,
  minSize: () => _minSize,
  multipleOf: () => _multipleOf,
  negative: () => _negative,
  nonnegative: () => _nonnegative,
  nonpositive: () => _nonpositive,
  normalize: () => _normalize,
  overwrite: () => _overwrite,
  positive: () => _positive,
  properties: () => _properties,
  property: () => _property,
  regex: () => _regex,
  size: () => _size,
  slugify: () => _slugify,
  startsWith: () => _startsWith,
  toLowerCase: () => _toLowerCase,
  toUpperCase: () => _toUpperCase,
  trim: () => _trim,
  uppercase: () => _uppercase,
});
var _installedErrorProtos = new WeakSet([Object.prototype, Error.prototype]);
function _lazyMethod(proto, key, make) {
  Object.defineProperty(proto, key, {
    configurable: !0,
    enumerable: !1,
    get() {
      const value = make(this);
      return Object.defineProperty(this, key, { value, configurable: !0, writable: !0 }), value;
    },
    set(value) {
      Object.defineProperty(this, key, { value, configurable: !0, writable: !0 });
    },
  });
}
var initializer2 = (inst, issues) => {
    $ZodError.init(inst, issues), (inst.name = "ZodError");
    const proto = Object.getPrototypeOf(inst);
    _installedErrorProtos.has(proto) ||
      (_installedErrorProtos.add(proto),
      _lazyMethod(proto, "format", (self) => (mapper) => formatError(self, mapper)),
      _lazyMethod(proto, "flatten", (self) => (mapper) => flattenError(self, mapper)),
      _lazyMethod(proto, "addIssue", (self) => (issue2) => {
        self.issues.push(issue2), (self.message = JSON.stringify(self.issues, jsonStringifyReplacer, 2));
      }),
      _lazyMethod(proto, "addIssues", (self) => (issues2) => {
        self.issues.push(...issues2), (self.message = JSON.stringify(self.issues, jsonStringifyReplacer, 2));
      }),
      Object.defineProperty(proto, "isEmpty", {
        configurable: !0,
        enumerable: !1,
        get() {
          return this.issues.length === 0;
        },
      }));
  },
  ZodError = $constructor("ZodError", initializer2),
  ZodRealError = $constructor("ZodError", initializer2, void 0, { Parent: Error });
var parse2 = _parse(ZodRealError),
  parseAsync2 = _parseAsync(ZodRealError),
  safeParse2 = _safeParse(ZodRealError),
  safeParseAsync2 = _safeParseAsync(ZodRealError),
  encode2 = _encode(ZodRealError),
  decode2 = _decode(ZodRealError),
  encodeAsync2 = _encodeAsync(ZodRealError),
  decodeAsync2 = _decodeAsync(ZodRealError),
  safeEncode2 = _safeEncode(ZodRealError),
  safeDecode2 = _safeDecode(ZodRealError),
  safeEncodeAsync2 = _safeEncodeAsync(ZodRealError),
  safeDecodeAsync2 = _safeDecodeAsync(ZodRealError);
function _ensureDefaultLocale() {
  globalConfig.localeError || config(en_default());
}
function _ensureDefaultMemoizer() {
  globalConfig.memoizer || config({ memoizer: memoizer() });
}
var ZodType = $constructor(
    "ZodType",
    (inst, def) => (_ensureDefaultLocale(), $ZodType.init(inst, def), (inst.def = def), (inst.type = def.type), inst),
    {
      check(...chks) {
        const def = this.def;
        return this.clone(
          util_exports.mergeDefs(def, {
            checks: [
              ...(def.checks ?? []),
              ...chks.map((ch) =>
                typeof ch == "function" ? { _zod: { check: ch, def: { check: "custom" }, onattach: [] } } : ch,
              ),
            ],
          }),
          { parent: !0 },
        );
      },
      with(...chks) {
        return this.check(...chks);
      },
      clone(def, params) {
        return clone(this, def, params);
      },
      brand() {
        return this;
      },
      register(reg, meta3) {
        return reg.add(this, meta3), this;
      },
      refine(check2, params) {
        return this.check(refine(check2, params));
      },
      superRefine(refinement, params) {
        return this.check(superRefine(refinement, params));
      },
      overwrite(fn) {
        return this.check(_overwrite(fn));
      },
      optional() {
        return optional(this);
      },
      exactOptional() {
        return exactOptional(this);
      },
      nullable() {
        return nullable(this);
      },
      nullish() {
        return optional(nullable(this));
      },
      nonoptional(params) {
        return nonoptional(this, params);
      },
      array() {
        return array(this);
      },
      or(arg) {
        return union([this, arg]);
      },
      and(arg) {
        return intersection(this, arg);
      },
      transform(tx) {
        return pipe(this, transform(tx));
      },
      default(d) {
        return _default2(this, d);
      },
      prefault(d) {
        return prefault(this, d);
      },
      catch(params) {
        return _catch2(this, params);
      },
      pipe(target) {
        return pipe(this, target);
      },
      readonly() {
        return readonly(this);
      },
      describe(description) {
        const cl = this.clone();
        return globalRegistry.add(cl, { description }), cl;
      },
      meta(...args) {
        if (args.length === 0) return globalRegistry.get(this);
        const cl = this.clone();
        return globalRegistry.add(cl, args[0]), cl;
      },
      isOptional() {
        return this.safeParse(void 0).success;
      },
      isNullable() {
        return this.safeParse(null).success;
      },
      apply(fn, ...args) {
        return args.length === 0 ? fn(this) : fn(this, ...args);
      },
      get "~standard"() {
        return util_exports.hide(this, "~standard", {
          ...standardProps(this),
          jsonSchema: {
            input: createStandardJSONSchemaMethod(this, "input"),
            output: createStandardJSONSchemaMethod(this, "output"),
          },
        });
      },
      set "~standard"(value) {
        util_exports.own(this, "~standard", value);
      },
      parse: function _parse2(data, params) {
        return parse2(this, data, params, { callee: _parse2 });
      },
      parseAsync: async function _parseAsync2(data, params) {
        return await parseAsync2(this, data, params, { callee: _parseAsync2 });
      },
      safeParse(data, params) {
        return safeParse2(this, data, params);
      },
      async safeParseAsync(data, params) {
        return safeParseAsync2(this, data, params);
      },
      get spa() {
        return this?.safeParseAsync;
      },
      set spa(value) {
        util_exports.own(this, "spa", value);
      },
      validate(data, params) {
        return validate(this, data, params);
      },
      validateAsync(data, params) {
        return validateAsync(this, data, params);
      },
      encode: function _encode2(data, params) {
        return encode2(this, data, params, { callee: _encode2 });
      },
      decode: function _decode2(data, params) {
        return decode2(this, data, params, { callee: _decode2 });
      },
      encodeAsync: async function _encodeAsync2(data, params) {
        return await encodeAsync2(this, data, params, { callee: _encodeAsync2 });
      },
      decodeAsync: async function _decodeAsync2(data, params) {
        return await decodeAsync2(this, data, params, { callee: _decodeAsync2 });
      },
      safeEncode(data, params) {
        return safeEncode2(this, data, params);
      },
      safeDecode(data, params) {
        return safeDecode2(this, data, params);
      },
      async safeEncodeAsync(data, params) {
        return safeEncodeAsync2(this, data, params);
      },
      async safeDecodeAsync(data, params) {
        return safeDecodeAsync2(this, data, params);
      },
      toJSONSchema(params) {
        return createToJSONSchemaMethod(this, {})(params);
      },
      get description() {
        return globalRegistry.get(this)?.description;
      },
      get _def() {
        return this._zod.def;
      },
    },
  ),
  _ZodString = $constructor(
    "_ZodString",
    (inst, def) => {
      $ZodString.init(inst, def),
        ZodType.init(inst, def),
        (inst._zod.processJSONSchema = (ctx, json2, params) => stringProcessor(inst, ctx, json2, params));
    },
    util_exports.derived(
      {
        format: (inst) => aggregateChecks(inst).format ?? null,
        minLength: (inst) => aggregateChecks(inst).minimum ?? null,
        maxLength: (inst) => aggregateChecks(inst).maximum ?? null,
      },
      {
        regex(...args) {
          return this.check(_regex(...args));
        },
        includes(...args) {
          return this.check(_includes(...args));
        },
        startsWith(...args) {
          return this.check(_startsWith(...args));
        },
        endsWith(...args) {
          return this.check(_endsWith(...args));
        },
        min(...args) {
          return this.check(_minLength(...args));
        },
        max(...args) {
          return this.check(_maxLength(...args));
        },
        length(...args) {
          return this.check(_length(...args));
        },
        nonempty(...args) {
          return this.check(_minLength(1, ...args));
        },
        lowercase(params) {
          return this.check(_lowercase(params));
        },
        uppercase(params) {
          return this.check(_uppercase(params));
        },
        trim() {
          return this.check(_trim());
        },
        normalize(...args) {
          return this.check(_normalize(...args));
        },
        toLowerCase() {
          return this.check(_toLowerCase());
        },
        toUpperCase() {
          return this.check(_toUpperCase());
        },
        slugify() {
          return this.check(_slugify());
        },
      },
    ),
  ),
  ZodString = $constructor(
    "ZodString",
    (inst, def) => {
      $ZodString.init(inst, def), _ZodString.init(inst, def);
    },
    {
      email(params) {
        return this.check(_email(ZodEmail, params));
      },
      url(params) {
        return this.check(_url(ZodURL, params));
      },
      jwt(params) {
        return this.check(_jwt(ZodJWT, params));
      },
      emoji(params) {
        return this.check(_emoji2(ZodEmoji, params));
      },
      guid(params) {
        return this.check(_guid(ZodGUID, params));
      },
      uuid(params) {
        return this.check(_uuid(ZodUUID, params));
      },
      uuidv4(params) {
        return this.check(_uuidv4(ZodUUID, params));
      },
      uuidv6(params) {
        return this.check(_uuidv6(ZodUUID, params));
      },
      uuidv7(params) {
        return this.check(_uuidv7(ZodUUID, params));
      },
      nanoid(params) {
        return this.check(_nanoid(ZodNanoID, params));
      },
      cuid(params) {
        return this.check(_cuid(ZodCUID, params));
      },
      cuid2(params) {
        return this.check(_cuid2(ZodCUID2, params));
      },
      ulid(params) {
        return this.check(_ulid(ZodULID, params));
      },
      base64(params) {
        return this.check(_base64(ZodBase64, params));
      },
      base64url(params) {
        return this.check(_base64url(ZodBase64URL, params));
      },
      xid(params) {
        return this.check(_xid(ZodXID, params));
      },
      ksuid(params) {
        return this.check(_ksuid(ZodKSUID, params));
      },
      ipv4(params) {
        return this.check(_ipv4(ZodIPv4, params));
      },
      ipv6(params) {
        return this.check(_ipv6(ZodIPv6, params));
      },
      cidrv4(params) {
        return this.check(_cidrv4(ZodCIDRv4, params));
      },
      cidrv6(params) {
        return this.check(_cidrv6(ZodCIDRv6, params));
      },
      e164(params) {
        return this.check(_e164(ZodE164, params));
      },
      datetime(params) {
        return this.check(_isoDateTime(ZodISODateTime, params));
      },
      date(params) {
        return this.check(_isoDate(ZodISODate, params));
      },
      time(params) {
        return this.check(_isoTime(ZodISOTime, params));
      },
      duration(params) {
        return this.check(_isoDuration(ZodISODuration, params));
      },
    },
  );
function string2(params) {
  return _string(ZodString, params);
}
var ZodStringFormat = $constructor("ZodStringFormat", (inst, def) => {
    $ZodStringFormat.init(inst, def), _ZodString.init(inst, def);
  }),
  ZodISODateTime = $constructor("ZodISODateTime", (inst, def) => {
    $ZodISODateTime.init(inst, def), ZodStringFormat.init(inst, def);
  }),
  ZodISODate = $constructor("ZodISODate", (inst, def) => {
    $ZodISODate.init(inst, def), ZodStringFormat.init(inst, def);
  }),
  ZodISOTime = $constructor("ZodISOTime", (inst, def) => {
    $ZodISOTime.init(inst, def), ZodStringFormat.init(inst, def);
  }),
  ZodISODuration = $constructor("ZodISODuration", (inst, def) => {
    $ZodISODuration.init(inst, def), ZodStringFormat.init(inst, def);
  }),
  ZodEmail = $constructor("ZodEmail", (inst, def) => {
    $ZodEmail.init(inst, def), ZodStringFormat.init(inst, def);
  });
function email2(params) {
  return _email(ZodEmail, params);
}
var ZodGUID = $constructor("ZodGUID", (inst, def) => {
  $ZodGUID.init(inst, def), ZodStringFormat.init(inst, def);
});
function guid2(params) {
  return _guid(ZodGUID, params);
}
var ZodUUID = $constructor("ZodUUID", (inst, def) => {
  $ZodUUID.init(inst, def), ZodStringFormat.init(inst, def);
});
function uuid2(params) {
  return _uuid(ZodUUID, params);
}
function uuidv4(params) {
  return _uuidv4(ZodUUID, params);
}
function uuidv6(params) {
  return _uuidv6(ZodUUID, params);
}
function uuidv7(params) {
  return _uuidv7(ZodUUID, params);
}
var ZodURL = $constructor("ZodURL", (inst, def) => {
  $ZodURL.init(inst, def), ZodStringFormat.init(inst, def);
});
function url(params) {
  return _url(ZodURL, params);
}
function httpUrl(params) {
  return _url(ZodURL, { protocol: httpProtocol, hostname: domain, ...util_exports.normalizeParams(params) });
}
var ZodEmoji = $constructor("ZodEmoji", (inst, def) => {
  $ZodEmoji.init(inst, def), ZodStringFormat.init(inst, def);
});
function emoji2(params) {
  return _emoji2(ZodEmoji, params);
}
var ZodNanoID = $constructor("ZodNanoID", (inst, def) => {
  $ZodNanoID.init(inst, def), ZodStringFormat.init(inst, def);
});
function nanoid2(params) {
  return _nanoid(ZodNanoID, params);
}
var ZodCUID = $constructor("ZodCUID", (inst, def) => {
  $ZodCUID.init(inst, def), ZodStringFormat.init(inst, def);
});
function cuid3(params) {
  return _cuid(ZodCUID, params);
}
var ZodCUID2 = $constructor("ZodCUID2", (inst, def) => {
  $ZodCUID2.init(inst, def), ZodStringFormat.init(inst, def);
});
function cuid22(params) {
  return _cuid2(ZodCUID2, params);
}
var ZodULID = $constructor("ZodULID", (inst, def) => {
  $ZodULID.init(inst, def), ZodStringFormat.init(inst, def);
});
function ulid2(params) {
  return _ulid(ZodULID, params);
}
var ZodXID = $constructor("ZodXID", (inst, def) => {
  $ZodXID.init(inst, def), ZodStringFormat.init(inst, def);
});
function xid2(params) {
  return _xid(ZodXID, params);
}
var ZodKSUID = $constructor("ZodKSUID", (inst, def) => {
  $ZodKSUID.init(inst, def), ZodStringFormat.init(inst, def);
});
function ksuid2(params) {
  return _ksuid(ZodKSUID, params);
}
var ZodIPv4 = $constructor("ZodIPv4", (inst, def) => {
  $ZodIPv4.init(inst, def), ZodStringFormat.init(inst, def);
});
function ipv42(params) {
  return _ipv4(ZodIPv4, params);
}
var ZodMAC = $constructor("ZodMAC", (inst, def) => {
  $ZodMAC.init(inst, def), ZodStringFormat.init(inst, def);
});
function mac2(params) {
  return _mac(ZodMAC, params);
}
var ZodIPv6 = $constructor("ZodIPv6", (inst, def) => {
  $ZodIPv6.init(inst, def), ZodStringFormat.init(inst, def);
});
function ipv62(params) {
  return _ipv6(ZodIPv6, params);
}
var ZodCIDRv4 = $constructor("ZodCIDRv4", (inst, def) => {
  $ZodCIDRv4.init(inst, def), ZodStringFormat.init(inst, def);
});
function cidrv42(params) {
  return _cidrv4(ZodCIDRv4, params);
}
var ZodCIDRv6 = $constructor("ZodCIDRv6", (inst, def) => {
  $ZodCIDRv6.init(inst, def), ZodStringFormat.init(inst, def);
});
function cidrv62(params) {
  return _cidrv6(ZodCIDRv6, params);
}
var ZodBase64 = $constructor("ZodBase64", (inst, def) => {
  $ZodBase64.init(inst, def), ZodStringFormat.init(inst, def);
});
function base642(params) {
  return _base64(ZodBase64, params);
}
var ZodBase64URL = $constructor("ZodBase64URL", (inst, def) => {
  $ZodBase64URL.init(inst, def), ZodStringFormat.init(inst, def);
});
function base64url2(params) {
  return _base64url(ZodBase64URL, params);
}
var ZodE164 = $constructor("ZodE164", (inst, def) => {
  $ZodE164.init(inst, def), ZodStringFormat.init(inst, def);
});
function e1642(params) {
  return _e164(ZodE164, params);
}
var ZodCreditCard = $constructor("ZodCreditCard", (inst, def) => {
  $ZodCreditCard.init(inst, def), ZodStringFormat.init(inst, def);
});
function creditCard2(params) {
  return _creditCard(ZodCreditCard, params);
}
var ZodIBAN = $constructor("ZodIBAN", (inst, def) => {
  $ZodIBAN.init(inst, def), ZodStringFormat.init(inst, def);
});
function iban2(params) {
  return _iban(ZodIBAN, params);
}
var ZodJWT = $constructor("ZodJWT", (inst, def) => {
  $ZodJWT.init(inst, def), ZodStringFormat.init(inst, def);
});
function jwt(params) {
  return _jwt(ZodJWT, params);
}
var ZodCustomStringFormat = $constructor("ZodCustomStringFormat", (inst, def) => {
  $ZodCustomStringFormat.init(inst, def), ZodStringFormat.init(inst, def);
});
function stringFormat(format, fnOrRegex, _params = {}) {
  return _stringFormat(ZodCustomStringFormat, format, fnOrRegex, _params);
}
function hostname2(_params) {
  return _stringFormat(ZodCustomStringFormat, "hostname", hostname, _params);
}
function hex2(_params) {
  return _stringFormat(ZodCustomStringFormat, "hex", hex, _params);
}
function currencyCode2(_params) {
  return _stringFormat(ZodCustomStringFormat, "currency_code", currencyCode, _params);
}
function hash(alg, params) {
  const enc = params?.enc ?? "hex",
    format = `${alg}_${enc}`,
    regex = regexes_exports[format];
  if (!regex) throw new Error(`Unrecognized hash format: ${format}`);
  return _stringFormat(ZodCustomStringFormat, format, regex, params);
}
var ZodNumber = $constructor(
  "ZodNumber",
  (inst, def) => {
    $ZodNumber.init(inst, def),
      ZodType.init(inst, def),
      (inst._zod.processJSONSchema = (ctx, json2, params) => numberProcessor(inst, ctx, json2, params)),
      (inst.isFinite = !0);
  },
  util_exports.derived(
    {
      minValue: (inst) => {
        const { minimum, exclusiveMinimum } = aggregateChecks(inst);
        return Math.max(minimum ?? Number.NEGATIVE_INFINITY, exclusiveMinimum ?? Number.NEGATIVE_INFINITY);
      },
      maxValue: (inst) => {
        const { maximum, exclusiveMaximum } = aggregateChecks(inst);
        return Math.min(maximum ?? Number.POSITIVE_INFINITY, exclusiveMaximum ?? Number.POSITIVE_INFINITY);
      },
      isInt: (inst) => {
        const { isInt, multipleOf } = aggregateChecks(inst);
        return !!isInt || !!multipleOf?.some(Number.isSafeInteger);
      },
      format: (inst) => aggregateChecks(inst).format ?? null,
    },
    {
      gt(value, params) {
        return this.check(_gt(value, params));
      },
      gte(value, params) {
        return this.check(_gte(value, params));
      },
      min(value, params) {
        return this.check(_gte(value, params));
      },
      lt(value, params) {
        return this.check(_lt(value, params));
      },
      lte(value, params) {
        return this.check(_lte(value, params));
      },
      max(value, params) {
        return this.check(_lte(value, params));
      },
      int(params) {
        return this.check(int(params));
      },
      safe(params) {
        return this.check(int(params));
      },
      positive(params) {
        return this.check(_gt(0, params));
      },
      nonnegative(params) {
        return this.check(_gte(0, params));
      },
      negative(params) {
        return this.check(_lt(0, params));
      },
      nonpositive(params) {
        return this.check(_lte(0, params));
      },
      multipleOf(value, params) {
        return this.check(_multipleOf(value, params));
      },
      step(value, params) {
        return this.check(_multipleOf(value, params));
      },
      finite() {
        return this;
      },
    },
  ),
);
function number2(params) {
  return _number(ZodNumber, params);
}
var ZodNumberFormat = $constructor("ZodNumberFormat", (inst, def) => {
  $ZodNumberFormat.init(inst, def), ZodNumber.init(inst, def);
});
function int(params) {
  return _int(ZodNumberFormat, params);
}
function float32(params) {
  return _float32(ZodNumberFormat, params);
}
function float64(params) {
  return _float64(ZodNumberFormat, params);
}
function int32(params) {
  return _int32(ZodNumberFormat, params);
}
function uint32(params) {
  return _uint32(ZodNumberFormat, params);
}
var ZodBoolean = $constructor("ZodBoolean", (inst, def) => {
  $ZodBoolean.init(inst, def),
    ZodType.init(inst, def),
    (inst._zod.processJSONSchema = (ctx, json2, params) => booleanProcessor(inst, ctx, json2, params));
});
function boolean2(params) {
  return _boolean(ZodBoolean, params);
}
var ZodBigInt = $constructor(
  "ZodBigInt",
  (inst, def) => {
    $ZodBigInt.init(inst, def),
      ZodType.init(inst, def),
      (inst._zod.processJSONSchema = (ctx, json2, params) => bigintProcessor(inst, ctx, json2, params));
  },
  util_exports.derived(
    {
      minValue: (inst) => aggregateChecks(inst).minimum ?? null,
      maxValue: (inst) => aggregateChecks(inst).maximum ?? null,
      format: (inst) => aggregateChecks(inst).format ?? null,
    },
    {
      gte(value, params) {
        return this.check(_gte(value, params));
      },
      min(value, params) {
        return this.check(_gte(value, params));
      },
      gt(value, params) {
        return this.check(_gt(value, params));
      },
      lt(value, params) {
        return this.check(_lt(value, params));
      },
      lte(value, params) {
        return this.check(_lte(value, params));
      },
      max(value, params) {
        return this.check(_lte(value, params));
      },
      positive(params) {
        return this.check(_gt(BigInt(0), params));
      },
      negative(params) {
        return this.check(_lt(BigInt(0), params));
      },
      nonpositive(params) {
        return this.check(_lte(BigInt(0), params));
      },
      nonnegative(params) {
        return this.check(_gte(BigInt(0), params));
      },
      multipleOf(value, params) {
        return this.check(_multipleOf(value, params));
      },
    },
  ),
);
function bigint2(params) {
  return _bigint(ZodBigInt, params);
}
var ZodBigIntFormat = $constructor("ZodBigIntFormat", (inst, def) => {
  $ZodBigIntFormat.init(inst, def), ZodBigInt.init(inst, def);
});
function int64(params) {
  return _int64(ZodBigIntFormat, params);
}
function uint64(params) {
  return _uint64(ZodBigIntFormat, params);
}
var ZodSymbol = $constructor("ZodSymbol", (inst, def) => {
  $ZodSymbol.init(inst, def),
    ZodType.init(inst, def),
    (inst._zod.processJSONSchema = (ctx, json2, params) => symbolProcessor(inst, ctx, json2, params));
});
function symbol(params) {
  return _symbol(ZodSymbol, params);
}
var ZodUndefined = $constructor("ZodUndefined", (inst, def) => {
  $ZodUndefined.init(inst, def),
    ZodType.init(inst, def),
    (inst._zod.processJSONSchema = (ctx, json2, params) => undefinedProcessor(inst, ctx, json2, params));
});
function _undefined3(params) {
  return _undefined2(ZodUndefined, params);
}
var ZodNull = $constructor("ZodNull", (inst, def) => {
  $ZodNull.init(inst, def),
    ZodType.init(inst, def),
    (inst._zod.processJSONSchema = (ctx, json2, params) => nullProcessor(inst, ctx, json2, params));
});
function _null3(params) {
  return _null2(ZodNull, params);
}
var ZodAny = $constructor("ZodAny", (inst, def) => {
  $ZodAny.init(inst, def),
    ZodType.init(inst, def),
    (inst._zod.processJSONSchema = (ctx, json2, params) => anyProcessor(inst, ctx, json2, params));
});
function any() {
  return _any(ZodAny);
}
var ZodUnknown = $constructor("ZodUnknown", (inst, def) => {
  $ZodUnknown.init(inst, def),
    ZodType.init(inst, def),
    (inst._zod.processJSONSchema = (ctx, json2, params) => unknownProcessor(inst, ctx, json2, params));
});
function unknown() {
  return _unknown(ZodUnknown);
}
var ZodNever = $constructor("ZodNever", (inst, def) => {
  $ZodNever.init(inst, def),
    ZodType.init(inst, def),
    (inst._zod.processJSONSchema = (ctx, json2, params) => neverProcessor(inst, ctx, json2, params));
});
function never(params) {
  return _never(ZodNever, params);
}
var ZodVoid = $constructor("ZodVoid", (inst, def) => {
  $ZodVoid.init(inst, def),
    ZodType.init(inst, def),
    (inst._zod.processJSONSchema = (ctx, json2, params) => voidProcessor(inst, ctx, json2, params));
});
function _void2(params) {
  return _void(ZodVoid, params);
}
var ZodDate = $constructor(
  "ZodDate",
  (inst, def) => {
    $ZodDate.init(inst, def),
      ZodType.init(inst, def),
      (inst._zod.processJSONSchema = (ctx, json2, params) => dateProcessor(inst, ctx, json2, params)),
      (inst.min = (value, params) => inst.check(_gte(value, params))),
      (inst.max = (value, params) => inst.check(_lte(value, params)));
  },
  util_exports.derived(
    {
      minDate: (inst) => {
        const { minimum } = aggregateChecks(inst);
        return minimum ? new Date(minimum) : null;
      },
      maxDate: (inst) => {
        const { maximum } = aggregateChecks(inst);
        return maximum ? new Date(maximum) : null;
      },
    },
    {},
  ),
);
function date2(params) {
  return _date(ZodDate, params);
}
var ZodArray = $constructor(
  "ZodArray",
  (inst, def) => {
    _ensureDefaultMemoizer(),
      $ZodArray.init(inst, def),
      ZodType.init(inst, def),
      (inst._zod.processJSONSchema = (ctx, json2, params) => arrayProcessor(inst, ctx, json2, params)),
      (inst.element = def.element);
  },
  {
    min(n, params) {
      return this.check(_minLength(n, params));
    },
    nonempty(params) {
      return this.check(_minLength(1, params));
    },
    max(n, params) {
      return this.check(_maxLength(n, params));
    },
    length(n, params) {
      return this.check(_length(n, params));
    },
    unwrap() {
      return this.element;
    },
  },
);
function array(element, params) {
  return _array(ZodArray, element, params);
}
function keyof(schema) {
  const shape = schema._zod.def.shape;
  return _enum2(Object.keys(shape));
}
var ZodObject = $constructor(
  "ZodObject",
  (inst, def) => {
    _ensureDefaultMemoizer(),
      $ZodObjectJIT.init(inst, def),
      ZodType.init(inst, def),
      (inst._zod.processJSONSchema = (ctx, json2, params) => objectProcessor(inst, ctx, json2, params)),
      util_exports.installLazyProp(inst, "shape", (self) => self._zod.def.shape, !1);
  },
  {
    keyof() {
      return _enum2(Object.keys(this._zod.def.shape));
    },
    catchall(catchall) {
      return this.clone(util_exports.mergeDefs(this._zod.def, { catchall }));
    },
    passthrough() {
      return this.clone(util_exports.mergeDefs(this._zod.def, { catchall: unknown() }));
    },
    loose() {
      return this.clone(util_exports.mergeDefs(this._zod.def, { catchall: unknown() }));
    },
    strict() {
      return this.clone(util_exports.mergeDefs(this._zod.def, { catchall: never() }));
    },
    strip() {
      return this.clone(util_exports.mergeDefs(this._zod.def, { catchall: void 0 }));
    },
    extend(incoming) {
      return util_exports.extend(this, incoming);
    },
    safeExtend(incoming) {
      return util_exports.safeExtend(this, incoming);
    },
    merge(other) {
      return util_exports.merge(this, other);
    },
    pick(mask) {
      return util_exports.pick(this, mask);
    },
    omit(mask) {
      return util_exports.omit(this, mask);
    },
    partial(...args) {
      return util_exports.partial(ZodOptional, this, args[0]);
    },
    exactPartial(...args) {
      return util_exports.partial(ZodExactOptional, this, args[0], "exactPartial");
    },
    required(...args) {
      return util_exports.required(ZodNonOptional, this, args[0]);
    },
  },
);
function object(shape, params) {
  const def = { type: "object", shape: shape ?? {}, ...util_exports.normalizeParams(params) };
  return new ZodObject(def);
}
function strictObject(shape, params) {
  return new ZodObject({ type: "object", shape, catchall: never(), ...util_exports.normalizeParams(params) });
}
function looseObject(shape, params) {
  return new ZodObject({ type: "object", shape, catchall: unknown(), ...util_exports.normalizeParams(params) });
}
var ZodUnion = $constructor("ZodUnion", (inst, def) => {
  $ZodUnion.init(inst, def),
    ZodType.init(inst, def),
    (inst._zod.processJSONSchema = (ctx, json2, params) => unionProcessor(inst, ctx, json2, params)),
    (inst.options = def.options);
});
function union(options, params) {
  return new ZodUnion({ type: "union", options, ...util_exports.normalizeParams(params) });
}
var ZodXor = $constructor("ZodXor", (inst, def) => {
  ZodUnion.init(inst, def),
    $ZodXor.init(inst, def),
    (inst._zod.processJSONSchema = (ctx, json2, params) => unionProcessor(inst, ctx, json2, params)),
    (inst.options = def.options);
});
function xor(options, params) {
  return new ZodXor({ type: "union", options, inclusive: !1, ...util_exports.normalizeParams(params) });
}
var ZodDiscriminatedUnion = $constructor("ZodDiscriminatedUnion", (inst, def) => {
  ZodUnion.init(inst, def), $ZodDiscriminatedUnion.init(inst, def);
});
function discriminatedUnion(discriminator, options, params) {
  return new ZodDiscriminatedUnion({ type: "union", options, discriminator, ...util_exports.normalizeParams(params) });
}
var ZodIntersection = $constructor("ZodIntersection", (inst, def) => {
  $ZodIntersection.init(inst, def),
    ZodType.init(inst, def),
    (inst._zod.processJSONSchema = (ctx, json2, params) => intersectionProcessor(inst, ctx, json2, params));
});
function intersection(left, right) {
  return new ZodIntersection({ type: "intersection", left, right });
}
var ZodTuple = $constructor(
  "ZodTuple",
  (inst, def) => {
    _ensureDefaultMemoizer(),
      $ZodTuple.init(inst, def),
      ZodType.init(inst, def),
      (inst._zod.processJSONSchema = (ctx, json2, params) => tupleProcessor(inst, ctx, json2, params));
  },
  {
    rest(rest) {
      return this.clone({ ...this._zod.def, rest });
    },
    partial() {
      const def = this._zod.def;
      if (def.checks?.length) throw new Error(".partial() cannot be used on tuple schemas containing refinements");
      return this.clone({
        ...def,
        items: def.items.map((item) => new ZodOptional({ type: "optional", innerType: item })),
      });
    },
  },
);
function tuple(items, _paramsOrRest, _params) {
  const hasRest = _paramsOrRest instanceof $ZodType,
    params = hasRest ? _params : _paramsOrRest,
    rest = hasRest ? _paramsOrRest : null;
  return new ZodTuple({ type: "tuple", items, rest, ...util_exports.normalizeParams(params) });
}
var ZodRecord = $constructor("ZodRecord", (inst, def) => {
  _ensureDefaultMemoizer(),
    $ZodRecord.init(inst, def),
    ZodType.init(inst, def),
    (inst._zod.processJSONSchema = (ctx, json2, params) => recordProcessor(inst, ctx, json2, params)),
    (inst.keyType = def.keyType),
    (inst.valueType = def.valueType);
});
function record(keyType, valueType, params) {
  return !valueType || !valueType._zod
    ? new ZodRecord({
        type: "record",
        keyType: string2(),
        valueType: keyType,
        ...util_exports.normalizeParams(valueType),
      })
    : new ZodRecord({ type: "record", keyType, valueType, ...util_exports.normalizeParams(params) });
}
function partialRecord(keyType, valueType, params) {
  return new ZodRecord({ type: "record", keyType, valueType, ...util_exports.normalizeParams(params), partial: !0 });
}
function looseRecord(keyType, valueType, params) {
  return new ZodRecord({ type: "record", keyType, valueType, mode: "loose", ...util_exports.normalizeParams(params) });
}
var ZodMap = $constructor("ZodMap", (inst, def) => {
  _ensureDefaultMemoizer(),
    $ZodMap.init(inst, def),
    ZodType.init(inst, def),
    (inst._zod.processJSONSchema = (ctx, json2, params) => mapProcessor(inst, ctx, json2, params)),
    (inst.keyType = def.keyType),
    (inst.valueType = def.valueType),
    (inst.min = (...args) => inst.check(_minSize(...args))),
    (inst.nonempty = (params) => inst.check(_minSize(1, params))),
    (inst.max = (...args) => inst.check(_maxSize(...args))),
    (inst.size = (...args) => inst.check(_size(...args)));
});
function map(keyType, valueType, params) {
  return new ZodMap({ type: "map", keyType, valueType, ...util_exports.normalizeParams(params) });
}
var ZodSet = $constructor("ZodSet", (inst, def) => {
  _ensureDefaultMemoizer(),
    $ZodSet.init(inst, def),
    ZodType.init(inst, def),
    (inst._zod.processJSONSchema = (ctx, json2, params) => setProcessor(inst, ctx, json2, params)),
    (inst.min = (...args) => inst.check(_minSize(...args))),
    (inst.nonempty = (params) => inst.check(_minSize(1, params))),
    (inst.max = (...args) => inst.check(_maxSize(...args))),
    (inst.size = (...args) => inst.check(_size(...args)));
});
function set(valueType, params) {
  return new ZodSet({ type: "set", valueType, ...util_exports.normalizeParams(params) });
}
var ZodEnum = $constructor("ZodEnum", (inst, def) => {
  $ZodEnum.init(inst, def),
    ZodType.init(inst, def),
    (inst._zod.processJSONSchema = (ctx, json2, params) => enumProcessor(inst, ctx, json2, params)),
    (inst.enum = def.entries),
    (inst.options = [...inst._zod.values]);
  const keys = new Set(Object.keys(def.entries));
  (inst.extract = (values, params) => {
    const newEntries = {};
    for (const value of values)
      if (keys.has(value)) newEntries[value] = def.entries[value];
      else throw new Error(`Key ${value} not found in enum`);
    return new ZodEnum({ ...def, checks: [], ...util_exports.normalizeParams(params), entries: newEntries });
  }),
    (inst.exclude = (values, params) => {
      const newEntries = { ...def.entries };
      for (const value of values)
        if (keys.has(value)) delete newEntries[value];
        else throw new Error(`Key ${value} not found in enum`);
      return new ZodEnum({ ...def, checks: [], ...util_exports.normalizeParams(params), entries: newEntries });
    });
});
function _enum2(values, params) {
  const entries = Array.isArray(values) ? Object.fromEntries(values.map((v) => [v, v])) : values;
  return new ZodEnum({ type: "enum", entries, ...util_exports.normalizeParams(params) });
}
function nativeEnum(entries, params) {
  return new ZodEnum({ type: "enum", entries, ...util_exports.normalizeParams(params) });
}
var ZodLiteral = $constructor("ZodLiteral", (inst, def) => {
  $ZodLiteral.init(inst, def),
    ZodType.init(inst, def),
    (inst._zod.processJSONSchema = (ctx, json2, params) => literalProcessor(inst, ctx, json2, params)),
    (inst.values = new Set(def.values)),
    Object.defineProperty(inst, "value", {
      get() {
        if (def.values.length > 1)
          throw new Error("This schema contains multiple valid literal values. Use `.values` instead.");
        return def.values[0];
      },
    });
});
function literal(value, params) {
  return new ZodLiteral({
    type: "literal",
    values: Array.isArray(value) ? value : [value],
    ...util_exports.normalizeParams(params),
  });
}
var ZodFile = $constructor("ZodFile", (inst, def) => {
  $ZodFile.init(inst, def),
    ZodType.init(inst, def),
    (inst._zod.processJSONSchema = (ctx, json2, params) => fileProcessor(inst, ctx, json2, params)),
    (inst.min = (size, params) => inst.check(_minSize(size, params))),
    (inst.max = (size, params) => inst.check(_maxSize(size, params))),
    (inst.mime = (types, params) => inst.check(_mime(Array.isArray(types) ? types : [types], params)));
});
function file(params) {
  return _file(ZodFile, params);
}
var ZodTransform = $constructor("ZodTransform", (inst, def) => {
  _ensureDefaultMemoizer(),
    $ZodTransform.init(inst, def),
    ZodType.init(inst, def),
    (inst._zod.processJSONSchema = (ctx, json2, params) => transformProcessor(inst, ctx, json2, params)),
    (inst._zod.parse = (payload, _ctx) => {
      if (_ctx.direction === "backward") throw new $ZodEncodeError(inst.constructor.name);
      payload.addIssue = (issue2) => {
        if (typeof issue2 == "string") payload.issues.push(util_exports.issue(issue2, payload.value, def));
        else {
          const _issue = issue2;
          _issue.fatal && (_issue.continue = !1),
            _issue.code ?? (_issue.code = "custom"),
            "input" in _issue || (_issue.input = payload.value),
            _issue.inst ?? (_issue.inst = inst),
            payload.issues.push(util_exports.issue(_issue));
        }
      };
      const output2 = def.transform(payload.value, payload);
      return output2 instanceof Promise
        ? output2.then((output3) => ((payload.value = output3), payload))
        : ((payload.value = output2), payload);
    });
});
function transform(fn) {
  return new ZodTransform({ type: "transform", transform: fn });
}
var ZodOptional = $constructor("ZodOptional", (inst, def) => {
  $ZodOptional.init(inst, def),
    ZodType.init(inst, def),
    (inst._zod.processJSONSchema = (ctx, json2, params) => optionalProcessor(inst, ctx, json2, params)),
    (inst.unwrap = () => inst._zod.def.innerType);
});
function optional(innerType) {
  return new ZodOptional({ type: "optional", innerType });
}
var ZodExactOptional = $constructor("ZodExactOptional", (inst, def) => {
  $ZodExactOptional.init(inst, def),
    ZodType.init(inst, def),
    (inst._zod.processJSONSchema = (ctx, json2, params) => optionalProcessor(inst, ctx, json2, params)),
    (inst.unwrap = () => inst._zod.def.innerType);
});
function exactOptional(innerType) {
  return new ZodExactOptional({ type: "optional", innerType });
}
var ZodNullable = $constructor("ZodNullable", (inst, def) => {
  $ZodNullable.init(inst, def),
    ZodType.init(inst, def),
    (inst._zod.processJSONSchema = (ctx, json2, params) => nullableProcessor(inst, ctx, json2, params)),
    (inst.unwrap = () => inst._zod.def.innerType);
});
function nullable(innerType) {
  return new ZodNullable({ type: "nullable", innerType });
}
function nullish2(innerType) {
  return optional(nullable(innerType));
}
var ZodDefault = $constructor("ZodDefault", (inst, def) => {
  $ZodDefault.init(inst, def),
    ZodType.init(inst, def),
    (inst._zod.processJSONSchema = (ctx, json2, params) => defaultProcessor(inst, ctx, json2, params)),
    (inst.unwrap = () => inst._zod.def.innerType),
    (inst.removeDefault = inst.unwrap);
});
function _default2(innerType, defaultValue) {
  return new ZodDefault({
    type: "default",
    innerType,
    get defaultValue() {
      return typeof defaultValue == "function" ? defaultValue() : util_exports.shallowClone(defaultValue);
    },
  });
}
var ZodPrefault = $constructor("ZodPrefault", (inst, def) => {
  $ZodPrefault.init(inst, def),
    ZodType.init(inst, def),
    (inst._zod.processJSONSchema = (ctx, json2, params) => prefaultProcessor(inst, ctx, json2, params)),
    (inst.unwrap = () => inst._zod.def.innerType);
});
function prefault(innerType, defaultValue) {
  return new ZodPrefault({
    type: "prefault",
    innerType,
    get defaultValue() {
      return typeof defaultValue == "function" ? defaultValue() : util_exports.shallowClone(defaultValue);
    },
  });
}
var ZodNonOptional = $constructor("ZodNonOptional", (inst, def) => {
  $ZodNonOptional.init(inst, def),
    ZodType.init(inst, def),
    (inst._zod.processJSONSchema = (ctx, json2, params) => nonoptionalProcessor(inst, ctx, json2, params)),
    (inst.unwrap = () => inst._zod.def.innerType);
});
function nonoptional(innerType, params) {
  return new ZodNonOptional({ type: "nonoptional", innerType, ...util_exports.normalizeParams(params) });
}
var ZodSuccess = $constructor("ZodSuccess", (inst, def) => {
  $ZodSuccess.init(inst, def),
    ZodType.init(inst, def),
    (inst._zod.processJSONSchema = (ctx, json2, params) => successProcessor(inst, ctx, json2, params)),
    (inst.unwrap = () => inst._zod.def.innerType);
});
function success(innerType) {
  return new ZodSuccess({ type: "success", innerType });
}
var ZodCatch = $constructor("ZodCatch", (inst, def) => {
  $ZodCatch.init(inst, def),
    ZodType.init(inst, def),
    (inst._zod.processJSONSchema = (ctx, json2, params) => catchProcessor(inst, ctx, json2, params)),
    (inst.unwrap = () => inst._zod.def.innerType),
    (inst.removeCatch = inst.unwrap);
});
function _catch2(innerType, catchValue) {
  return new ZodCatch({
    type: "catch",
    innerType,
    catchValue: typeof catchValue == "function" ? catchValue : util_exports.constantCatch(catchValue),
  });
}
var ZodNaN = $constructor("ZodNaN", (inst, def) => {
  $ZodNaN.init(inst, def),
    ZodType.init(inst, def),
    (inst._zod.processJSONSchema = (ctx, json2, params) => nanProcessor(inst, ctx, json2, params));
});
function nan(params) {
  return _nan(ZodNaN, params);
}
var ZodPipe = $constructor("ZodPipe", (inst, def) => {
  $ZodPipe.init(inst, def),
    ZodType.init(inst, def),
    (inst._zod.processJSONSchema = (ctx, json2, params) => pipeProcessor(inst, ctx, json2, params)),
    (inst.in = def.in),
    (inst.out = def.out);
});
function pipe(in_, out) {
  return new ZodPipe({ type: "pipe", in: in_, out });
}
var ZodCodec = $constructor("ZodCodec", (inst, def) => {
  ZodPipe.init(inst, def), $ZodCodec.init(inst, def);
});
function codec(in_, out, params) {
  return new ZodCodec({ type: "pipe", in: in_, out, transform: params.decode, reverseTransform: params.encode });
}
function invertCodec(codec2) {
  const def = codec2._zod.def;
  return new ZodCodec({
    type: "pipe",
    in: def.out,
    out: def.in,
    transform: def.reverseTransform,
    reverseTransform: def.transform,
  });
}
var ZodPreprocess = $constructor("ZodPreprocess", (inst, def) => {
    ZodPipe.init(inst, def), $ZodPreprocess.init(inst, def);
  }),
  ZodReadonly = $constructor("ZodReadonly", (inst, def) => {
    $ZodReadonly.init(inst, def),
      ZodType.init(inst, def),
      (inst._zod.processJSONSchema = (ctx, json2, params) => readonlyProcessor(inst, ctx, json2, params)),
      (inst.unwrap = () => inst._zod.def.innerType);
  });
function readonly(innerType) {
  return new ZodReadonly({ type: "readonly", innerType });
}
var ZodTemplateLiteral = $constructor("ZodTemplateLiteral", (inst, def) => {
  $ZodTemplateLiteral.init(inst, def),
    ZodType.init(inst, def),
    (inst._zod.processJSONSchema = (ctx, json2, params) => templateLiteralProcessor(inst, ctx, json2, params));
});
function templateLiteral(parts, params) {
  return new ZodTemplateLiteral({ type: "template_literal", parts, ...util_exports.normalizeParams(params) });
}
var ZodLazy = $constructor("ZodLazy", (inst, def) => {
  $ZodLazy.init(inst, def),
    ZodType.init(inst, def),
    (inst._zod.processJSONSchema = (ctx, json2, params) => lazyProcessor(inst, ctx, json2, params)),
    (inst.unwrap = () => inst._zod.def.getter());
});
function lazy(getter) {
  return new ZodLazy({ type: "lazy", getter });
}
var ZodPromise = $constructor("ZodPromise", (inst, def) => {
  $ZodPromise.init(inst, def),
    ZodType.init(inst, def),
    (inst._zod.processJSONSchema = (ctx, json2, params) => promiseProcessor(inst, ctx, json2, params)),
    (inst.unwrap = () => inst._zod.def.innerType);
});
function promise(innerType) {
  return new ZodPromise({ type: "promise", innerType });
}
var ZodFunction = $constructor("ZodFunction", (inst, def) => {
  $ZodFunction.init(inst, def),
    ZodType.init(inst, def),
    (inst._zod.processJSONSchema = (ctx, json2, params) => functionProcessor(inst, ctx, json2, params));
});
function _function(params) {
  return new ZodFunction({
    type: "function",
    input: Array.isArray(params?.input) ? tuple(params?.input) : (params?.input ?? array(unknown())),
    output: params?.output ?? unknown(),
  });
}
var ZodCustom = $constructor("ZodCustom", (inst, def) => {
  $ZodCustom.init(inst, def),
    ZodType.init(inst, def),
    (inst._zod.processJSONSchema = (ctx, json2, params) => customProcessor(inst, ctx, json2, params));
});
function check(fn) {
  const ch = new $ZodCheck({ check: "custom" });
  return (ch._zod.check = fn), ch;
}
function custom(fn, _params) {
  return _custom(ZodCustom, fn ?? (() => !0), _params);
}
function refine(fn, _params = {}) {
  return _refine(ZodCustom, fn, _params);
}
function superRefine(fn, params) {
  return _superRefine(fn, params);
}
var describe2 = describe,
  meta2 = meta,
  ZodInstanceOf = $constructor(
    "ZodInstanceOf",
    (inst, def) => {
      ZodCustom.init(inst, def);
    },
    {
      properties(shape, params) {
        return this.check(_properties(shape, params));
      },
    },
  );
function _instanceof(cls, params = {}) {
  const inst = new ZodInstanceOf({
    type: "custom",
    check: "custom",
    fn: (data) => data instanceof cls,
    abort: !0,
    ...util_exports.normalizeParams(params),
  });
  return (
    (inst._zod.bag.Class = cls),
    (inst._zod.check = (payload) => {
      payload.value instanceof cls ||
        payload.issues.push({
          code: "invalid_type",
          expected: cls.name,
          input: payload.value,
          inst,
          path: [...(inst._zod.def.path ?? [])],
        });
    }),
    inst
  );
}
var stringbool = (...args) => _stringbool({ Codec: ZodCodec, Boolean: ZodBoolean, String: ZodString }, ...args);
function json(params) {
  const jsonSchema = lazy(() =>
    union([string2(params), number2(), boolean2(), _null3(), array(jsonSchema), record(string2(), jsonSchema)]),
  );
  return jsonSchema;
}
function preprocess(fn, schema) {
  return new ZodPreprocess({ type: "pipe", in: transform(fn), out: schema });
}
var ZodIssueCode = {
  invalid_type: "invalid_type",
  too_big: "too_big",
  too_small: "too_small",
  invalid_format: "invalid_format",
  not_multiple_of: "not_multiple_of",
  unrecognized_keys: "unrecognized_keys",
  invalid_union: "invalid_union",
  invalid_key: "invalid_key",
  invalid_element: "invalid_element",
  invalid_value: "invalid_value",
  custom: "custom",
};
function setErrorMap(map2) {
  config({ customError: map2 });
}
function getErrorMap() {
  return config().customError;
}
var ZodFirstPartyTypeKind;
ZodFirstPartyTypeKind || (ZodFirstPartyTypeKind = {});
var iso_exports = {};
__export(iso_exports, {
  ZodISODate: () => ZodISODate,
  ZodISODateTime: () => ZodISODateTime,
  ZodISODuration: () => ZodISODuration,
  ZodISOTime: () => ZodISOTime,
  date: () => date3,
  datetime: () => datetime2,
  duration: () => duration2,
  time: () => time2,
});
function datetime2(params) {
  return _isoDateTime(ZodISODateTime, params);
}
function date3(params) {
  return _isoDate(ZodISODate, params);
}
function time2(params) {
  return _isoTime(ZodISOTime, params);
}
function duration2(params) {
  return _isoDuration(ZodISODuration, params);
}
var z = { ...schemas_exports2, ...checks_exports2, iso: iso_exports },
  RECOGNIZED_KEYS = new Set([
    "$schema",
    "$ref",
    "$defs",
    "definitions",
    "$id",
    "id",
    "$comment",
    "$anchor",
    "$vocabulary",
    "$dynamicRef",
    "$dynamicAnchor",
    "type",
    "enum",
    "const",
    "anyOf",
    "oneOf",
    "allOf",
    "not",
    "properties",
    "required",
    "additionalProperties",
    "patternProperties",
    "propertyNames",
    "minProperties",
    "maxProperties",
    "items",
    "prefixItems",
    "additionalItems",
    "minItems",
    "maxItems",
    "uniqueItems",
    "contains",
    "minContains",
    "maxContains",
    "minLength",
    "maxLength",
    "pattern",
    "format",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "description",
    "default",
    "contentEncoding",
    "contentMediaType",
    "contentSchema",
    "unevaluatedItems",
    "unevaluatedProperties",
    "if",
    "then",
    "else",
    "dependentSchemas",
    "dependentRequired",
    "nullable",
    "readOnly",
  ]);
function detectVersion(schema, defaultTarget) {
  const $schema = schema.$schema;
  return $schema === "https://json-schema.org/draft/2020-12/schema"
    ? "draft-2020-12"
    : $schema === "http://json-schema.org/draft-07/schema#"
      ? "draft-7"
      : $schema === "http://json-schema.org/draft-04/schema#"
        ? "draft-4"
        : (defaultTarget ?? "draft-2020-12");
}
function applyMinItems(items, minItems) {
  return items.map((item, index) => (index < minItems ? item : item.optional()));
}
function decodeJSONPointerSegment(segment) {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}
function resolveRef(ref, ctx) {
  if (!ref.startsWith("#")) throw new Error("External $ref is not supported, only local refs (#/...) are allowed");
  const path = ref.slice(1).split("/").filter(Boolean);
  if (path.length === 0) return ctx.rootSchema;
  const defsKey = ctx.version === "draft-2020-12" ? "$defs" : "definitions";
  if (path[0] === defsKey) {
    const key = path[1] === void 0 ? void 0 : decodeJSONPointerSegment(path[1]);
    if (!key || !ctx.defs[key]) throw new Error(`Reference not found: ${ref}`);
    return ctx.defs[key];
  }
  throw new Error(`Reference not found: ${ref}`);
}
function checkObjectGuards(objectSchema, guards) {
  return z
    .transform((value) => value)
    .check((payload) => {
      const value = payload.value;
      if (typeof value != "object" || value === null || Array.isArray(value)) return;
      const keys = Object.getOwnPropertyNames(value);
      if (
        (guards.minProperties !== void 0 &&
          keys.length < guards.minProperties &&
          payload.issues.push({
            origin: "object",
            code: "too_small",
            minimum: guards.minProperties,
            inclusive: !0,
            message: `Too small: expected object to have >=${guards.minProperties} properties`,
            input: value,
            inst: objectSchema,
            continue: !0,
          }),
        guards.maxProperties !== void 0 &&
          keys.length > guards.maxProperties &&
          payload.issues.push({
            origin: "object",
            code: "too_big",
            maximum: guards.maxProperties,
            inclusive: !0,
            message: `Too big: expected object to have <=${guards.maxProperties} properties`,
            input: value,
            inst: objectSchema,
            continue: !0,
          }),
        guards.keySchema)
      )
        for (const key of keys) {
          const result = guards.keySchema.safeParse(key);
          result.success ||
            payload.issues.push({
              code: "invalid_key",
              origin: "record",
              issues: result.error.issues,
              input: key,
              path: [key],
              continue: !0,
            });
        }
    })
    .pipe(objectSchema);
}
function canonicalKey(value, seen) {
  if (value === null) return "z";
  const type = typeof value;
  if (type !== "object") {
    if (type === "number" && Number.isNaN(value)) return null;
    const raw = String(value);
    return `${type[0]}${raw.length}:${raw}`;
  }
  if (seen.has(value)) return null;
  seen.add(value);
  try {
    if (Array.isArray(value)) {
      const parts2 = [];
      for (const item of value) {
        const key = canonicalKey(item, seen);
        if (key === null) return null;
        parts2.push(key);
      }
      return `a${parts2.length}:[${parts2.join(",")}]`;
    }
    const keys = Object.keys(value).sort(),
      parts = [];
    for (const k of keys) {
      const key = canonicalKey(value[k], seen);
      if (key === null) return null;
      parts.push(`${k.length}:${k}=${key}`);
    }
    return `o${parts.length}:{${parts.join(",")}}`;
  } finally {
    seen.delete(value);
  }
}
var SCHEMA_KEYWORDS = new Set([
    "items",
    "prefixItems",
    "additionalItems",
    "additionalProperties",
    "contains",
    "propertyNames",
    "not",
    "if",
    "then",
    "else",
    "allOf",
    "anyOf",
    "oneOf",
    "unevaluatedItems",
    "unevaluatedProperties",
    "contentSchema",
  ]),
  SCHEMA_MAP_KEYWORDS = new Set([
    "properties",
    "patternProperties",
    "dependentSchemas",
    "dependencies",
    "$defs",
    "definitions",
  ]);
function containsRef(value) {
  return typeof value != "object" || value === null
    ? !1
    : Array.isArray(value)
      ? value.some(containsRef)
      : typeof value.$ref == "string"
        ? !0
        : Object.entries(value).some(([key, sub]) =>
            SCHEMA_KEYWORDS.has(key)
              ? containsRef(sub)
              : !SCHEMA_MAP_KEYWORDS.has(key) || typeof sub != "object" || sub === null
                ? !1
                : Object.values(sub).some(containsRef),
          );
}
function plural(n) {
  return n === 1 ? "element" : "elements";
}
function checkArrayGuards(arraySchema, guards) {
  return z
    .transform((value) => value)
    .check((payload) => {
      const items = payload.value;
      if (Array.isArray(items)) {
        if (guards.uniqueItems === !0) {
          const firstSeen = new Map();
          for (let i = 0; i < items.length; i++) {
            const key = canonicalKey(items[i], new Set());
            if (key === null) continue;
            const first = firstSeen.get(key);
            if (first === void 0) {
              firstSeen.set(key, i);
              continue;
            }
            payload.issues.push({
              code: "custom",
              message: `Array items must be unique: element at index ${i} duplicates the one at index ${first}`,
              input: items,
              path: [i],
              continue: !0,
            });
          }
        }
        if (guards.containsSchema) {
          let minContains = guards.minContains ?? 1,
            ceiling = guards.maxContains !== void 0 ? guards.maxContains + 1 : Number.POSITIVE_INFINITY,
            matches = 0;
          for (const item of items) if (guards.containsSchema.safeParse(item).success && ++matches >= ceiling) break;
          matches < minContains &&
            payload.issues.push({
              code: "custom",
              message: `Array must contain at least ${minContains} matching ${plural(minContains)}; found ${matches}`,
              input: items,
              continue: !0,
            }),
            guards.maxContains !== void 0 &&
              matches > guards.maxContains &&
              payload.issues.push({
                code: "custom",
                message: `Array must contain at most ${guards.maxContains} matching ${plural(guards.maxContains)}`,
                input: items,
                continue: !0,
              });
        }
      }
    })
    .pipe(arraySchema);
}
function getTupleRest(restSchema, ctx) {
  if (restSchema !== !1) return restSchema === void 0 || restSchema === !0 ? z.any() : convertSchema(restSchema, ctx);
}
var fullTime = /^(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;
function convertBaseSchema(schema, ctx) {
  if (schema.not !== void 0) {
    if (typeof schema.not == "object" && Object.keys(schema.not).length === 0) return z.never();
    throw new Error("not is not supported in Zod (except { not: {} } for never)");
  }
  if (schema.unevaluatedItems !== void 0) throw new Error("unevaluatedItems is not supported");
  if (schema.unevaluatedProperties !== void 0) throw new Error("unevaluatedProperties is not supported");
  if (schema.if !== void 0 || schema.then !== void 0 || schema.else !== void 0)
    throw new Error("Conditional schemas (if/then/else) are not supported");
  if (schema.dependentSchemas !== void 0 || schema.dependentRequired !== void 0)
    throw new Error("dependentSchemas and dependentRequired are not supported");
  if (schema.$ref) {
    const refPath = schema.$ref;
    if (ctx.refs.has(refPath)) return ctx.refs.get(refPath);
    if (ctx.processing.has(refPath))
      return z.lazy(() => {
        if (!ctx.refs.has(refPath)) throw new Error(`Circular reference not resolved: ${refPath}`);
        return ctx.refs.get(refPath);
      });
    ctx.processing.add(refPath);
    const resolved = resolveRef(refPath, ctx),
      zodSchema2 = convertSchema(resolved, ctx);
    return ctx.refs.set(refPath, zodSchema2), ctx.processing.delete(refPath), zodSchema2;
  }
  if (schema.enum !== void 0) {
    const enumValues = schema.enum;
    if (ctx.version === "openapi-3.0" && schema.nullable === !0 && enumValues.length === 1 && enumValues[0] === null)
      return z.null();
    if (enumValues.length === 0) return z.never();
    if (enumValues.length === 1) return z.literal(enumValues[0]);
    if (enumValues.every((v) => typeof v == "string")) return z.enum(enumValues);
    const literalSchemas = enumValues.map((v) => z.literal(v));
    return literalSchemas.length < 2
      ? literalSchemas[0]
      : z.union([literalSchemas[0], literalSchemas[1], ...literalSchemas.slice(2)]);
  }
  if (schema.const !== void 0) return z.literal(schema.const);
  const type = schema.type;
  if (Array.isArray(type)) {
    const typeSchemas = type.map((t) => {
      const typeSchema = { ...schema, type: t };
      return convertBaseSchema(typeSchema, ctx);
    });
    return typeSchemas.length === 0 ? z.never() : typeSchemas.length === 1 ? typeSchemas[0] : z.union(typeSchemas);
  }
  if (!type) return z.any();
  let zodSchema;
  switch (type) {
    case "string": {
      let stringSchema = z.string();
      if (schema.format) {
        const format = schema.format;
        format === "email"
          ? (stringSchema = stringSchema.check(z.email()))
          : format === "uri" || format === "uri-reference"
            ? (stringSchema = stringSchema.check(z.url()))
            : format === "uuid" || format === "guid"
              ? (stringSchema = stringSchema.check(z.uuid()))
              : format === "date-time"
                ? (stringSchema = stringSchema.check(z.iso.datetime({ offset: !0 })))
                : format === "date"
                  ? (stringSchema = stringSchema.check(z.iso.date()))
                  : format === "time"
                    ? (stringSchema = stringSchema.check(z.regex(fullTime)))
                    : format === "duration"
                      ? (stringSchema = stringSchema.check(z.iso.duration()))
                      : format === "hostname"
                        ? (stringSchema = stringSchema.check(z.hostname()))
                        : format === "ipv4"
                          ? (stringSchema = stringSchema.check(z.ipv4()))
                          : format === "ipv6"
                            ? (stringSchema = stringSchema.check(z.ipv6()))
                            : format === "mac"
                              ? (stringSchema = stringSchema.check(z.mac()))
                              : format === "cidr"
                                ? (stringSchema = stringSchema.check(z.cidrv4()))
                                : format === "cidr-v6"
                                  ? (stringSchema = stringSchema.check(z.cidrv6()))
                                  : format === "base64"
                                    ? (stringSchema = stringSchema.check(z.base64()))
                                    : format === "base64url"
                                      ? (stringSchema = stringSchema.check(z.base64url()))
                                      : format === "e164"
                                        ? (stringSchema = stringSchema.check(z.e164()))
                                        : format === "credit_card"
                                          ? (stringSchema = stringSchema.check(z.creditCard()))
                                          : format === "iban"
                                            ? (stringSchema = stringSchema.check(z.iban()))
                                            : format === "jwt"
                                              ? (stringSchema = stringSchema.check(z.jwt()))
                                              : format === "emoji"
                                                ? (stringSchema = stringSchema.check(z.emoji()))
                                                : format === "nanoid"
                                                  ? (stringSchema = stringSchema.check(z.nanoid()))
                                                  : format === "cuid"
                                                    ? (stringSchema = stringSchema.check(z.cuid()))
                                                    : format === "cuid2"
                                                      ? (stringSchema = stringSchema.check(z.cuid2()))
                                                      : format === "ulid"
                                                        ? (stringSchema = stringSchema.check(z.ulid()))
                                                        : format === "xid"
                                                          ? (stringSchema = stringSchema.check(z.xid()))
                                                          : format === "ksuid" &&
                                                            (stringSchema = stringSchema.check(z.ksuid()));
      }
      typeof schema.minLength == "number" && (stringSchema = stringSchema.min(schema.minLength)),
        typeof schema.maxLength == "number" && (stringSchema = stringSchema.max(schema.maxLength)),
        schema.pattern && (stringSchema = stringSchema.regex(new RegExp(schema.pattern))),
        (zodSchema = stringSchema);
      break;
    }
    case "number":
    case "integer": {
      let numberSchema = type === "integer" ? z.number().int() : z.number();
      typeof schema.minimum == "number" &&
        schema.exclusiveMinimum !== !0 &&
        (numberSchema = numberSchema.min(schema.minimum)),
        typeof schema.maximum == "number" &&
          schema.exclusiveMaximum !== !0 &&
          (numberSchema = numberSchema.max(schema.maximum)),
        typeof schema.exclusiveMinimum == "number"
          ? (numberSchema = numberSchema.gt(schema.exclusiveMinimum))
          : schema.exclusiveMinimum === !0 &&
            typeof schema.minimum == "number" &&
            (numberSchema = numberSchema.gt(schema.minimum)),
        typeof schema.exclusiveMaximum == "number"
          ? (numberSchema = numberSchema.lt(schema.exclusiveMaximum))
          : schema.exclusiveMaximum === !0 &&
            typeof schema.maximum == "number" &&
            (numberSchema = numberSchema.lt(schema.maximum)),
        typeof schema.multipleOf == "number" && (numberSchema = numberSchema.multipleOf(schema.multipleOf)),
        (zodSchema = numberSchema);
      break;
    }
    case "boolean": {
      zodSchema = z.boolean();
      break;
    }
    case "null": {
      zodSchema = z.null();
      break;
    }
    case "object": {
      const shape = {},
        properties = schema.properties || {},
        requiredSet = new Set(schema.required || []),
        additionalSchema =
          typeof schema.additionalProperties == "object" ? convertSchema(schema.additionalProperties, ctx) : void 0;
      for (const [key, propSchema] of Object.entries(properties)) {
        const propZodSchema = convertSchema(propSchema, ctx);
        assignProp(shape, key, requiredSet.has(key) ? propZodSchema : propZodSchema.optional());
      }
      if (schema.patternProperties) {
        const patternProps = schema.patternProperties,
          patternKeys = Object.keys(patternProps),
          looseRecords = [];
        for (const pattern of patternKeys) {
          const patternValue = convertSchema(patternProps[pattern], ctx),
            keySchema = z.string().regex(new RegExp(pattern));
          looseRecords.push(z.looseRecord(keySchema, patternValue));
        }
        const schemasToIntersect = [];
        if (
          (Object.keys(shape).length > 0 && schemasToIntersect.push(z.object(shape).passthrough()),
          schemasToIntersect.push(...looseRecords),
          schemasToIntersect.length === 0)
        )
          zodSchema = z.object({}).passthrough();
        else if (schemasToIntersect.length === 1) zodSchema = schemasToIntersect[0];
        else {
          let result = z.intersection(schemasToIntersect[0], schemasToIntersect[1]);
          for (let i = 2; i < schemasToIntersect.length; i++) result = z.intersection(result, schemasToIntersect[i]);
          zodSchema = result;
        }
        if (schema.additionalProperties === !1) {
          const propertyKeys = Object.keys(shape),
            patterns = patternKeys.map((p) => new RegExp(p)),
            basePatternSchema = zodSchema;
          zodSchema = zodSchema.check((payload) => {
            if (!isPlainObject(payload.value)) return;
            const unrecognized = [];
            for (const key of Object.keys(payload.value))
              propertyKeys.includes(key) || patterns.some((regex) => regex.test(key)) || unrecognized.push(key);
            unrecognized.length &&
              payload.issues.push({
                code: "unrecognized_keys",
                keys: unrecognized,
                input: payload.value,
                inst: basePatternSchema,
              });
          });
        }
      } else {
        const objectSchema = z.object(shape);
        schema.additionalProperties === !1
          ? (zodSchema = objectSchema.strict())
          : additionalSchema
            ? (zodSchema = objectSchema.catchall(additionalSchema))
            : (zodSchema = objectSchema.passthrough());
      }
      const hasKeyGuard = schema.propertyNames !== void 0 && schema.propertyNames !== !0,
        minProperties = typeof schema.minProperties == "number" ? schema.minProperties : void 0,
        maxProperties = typeof schema.maxProperties == "number" ? schema.maxProperties : void 0;
      if (hasKeyGuard || minProperties !== void 0 || maxProperties !== void 0) {
        let keySchema;
        if (hasKeyGuard) {
          const keyJSONSchema =
            typeof schema.propertyNames == "object" && schema.propertyNames.type === void 0
              ? { type: "string", ...schema.propertyNames }
              : schema.propertyNames;
          keySchema = convertSchema(keyJSONSchema, ctx);
        }
        zodSchema = checkObjectGuards(zodSchema, { keySchema, minProperties, maxProperties });
      }
      break;
    }
    case "array": {
      const prefixItems = schema.prefixItems,
        items = schema.items;
      if (prefixItems && Array.isArray(prefixItems)) {
        const minItems = typeof schema.minItems == "number" ? schema.minItems : 0,
          tupleItems = prefixItems.map((item) => convertSchema(item, ctx)),
          positionalItems = applyMinItems(tupleItems, minItems),
          rest = Array.isArray(items) ? void 0 : getTupleRest(items, ctx),
          tupleSchema = z.tuple(positionalItems);
        (zodSchema = rest ? tupleSchema.rest(rest) : tupleSchema),
          typeof schema.minItems == "number" && (zodSchema = zodSchema.check(z.minLength(schema.minItems))),
          typeof schema.maxItems == "number" && (zodSchema = zodSchema.check(z.maxLength(schema.maxItems)));
      } else if (Array.isArray(items)) {
        const minItems = typeof schema.minItems == "number" ? schema.minItems : 0,
          tupleItems = items.map((item) => convertSchema(item, ctx)),
          positionalItems = applyMinItems(tupleItems, minItems),
          rest = getTupleRest(schema.additionalItems, ctx),
          tupleSchema = z.tuple(positionalItems);
        (zodSchema = rest ? tupleSchema.rest(rest) : tupleSchema),
          typeof schema.minItems == "number" && (zodSchema = zodSchema.check(z.minLength(schema.minItems))),
          typeof schema.maxItems == "number" && (zodSchema = zodSchema.check(z.maxLength(schema.maxItems)));
      } else if (items !== void 0) {
        let element = convertSchema(items, ctx),
          arraySchema = z.array(element);
        typeof schema.minItems == "number" && (arraySchema = arraySchema.min(schema.minItems)),
          typeof schema.maxItems == "number" && (arraySchema = arraySchema.max(schema.maxItems)),
          (zodSchema = arraySchema);
      } else zodSchema = z.array(z.any());
      (schema.uniqueItems === !0 || schema.contains !== void 0) &&
        (zodSchema = checkArrayGuards(zodSchema, {
          uniqueItems: schema.uniqueItems === !0,
          containsSchema: schema.contains !== void 0 ? convertSchema(schema.contains, ctx) : void 0,
          minContains: typeof schema.minContains == "number" ? schema.minContains : void 0,
          maxContains: typeof schema.maxContains == "number" ? schema.maxContains : void 0,
        }));
      break;
    }
    default:
      throw new Error(`Unsupported type: ${type}`);
  }
  return zodSchema;
}
function convertSchema(schema, ctx) {
  if (typeof schema == "boolean") return schema ? z.any() : z.never();
  let baseSchema = convertBaseSchema(schema, ctx),
    hasExplicitType = schema.type || schema.enum !== void 0 || schema.const !== void 0;
  if (schema.anyOf && Array.isArray(schema.anyOf)) {
    const options = schema.anyOf.map((s) => convertSchema(s, ctx)),
      anyOfUnion = z.union(options);
    baseSchema = hasExplicitType ? z.intersection(baseSchema, anyOfUnion) : anyOfUnion;
  }
  if (schema.oneOf && Array.isArray(schema.oneOf)) {
    const options = schema.oneOf.map((s) => convertSchema(s, ctx)),
      oneOfUnion = z.xor(options);
    baseSchema = hasExplicitType ? z.intersection(baseSchema, oneOfUnion) : oneOfUnion;
  }
  if (schema.allOf && Array.isArray(schema.allOf))
    if (schema.allOf.length === 0) baseSchema = hasExplicitType ? baseSchema : z.any();
    else {
      let result = hasExplicitType ? baseSchema : convertSchema(schema.allOf[0], ctx),
        startIdx = hasExplicitType ? 0 : 1;
      for (let i = startIdx; i < schema.allOf.length; i++)
        result = z.intersection(result, convertSchema(schema.allOf[i], ctx));
      baseSchema = result;
    }
  schema.nullable === !0 && ctx.version === "openapi-3.0" && (baseSchema = z.nullable(baseSchema)),
    schema.readOnly === !0 && (baseSchema = z.readonly(baseSchema)),
    schema.default !== void 0 && (baseSchema = baseSchema.default(schema.default));
  const extraMeta = {},
    coreMetadataKeys = ["$id", "id", "$comment", "$anchor", "$vocabulary", "$dynamicRef", "$dynamicAnchor"];
  for (const key of coreMetadataKeys) key in schema && (extraMeta[key] = schema[key]);
  const contentMetadataKeys = ["contentEncoding", "contentMediaType", "contentSchema"];
  for (const key of contentMetadataKeys) key in schema && (extraMeta[key] = schema[key]);
  if (schema.type === "object" && schema.$ref === void 0) {
    schema.propertyNames !== void 0 &&
      !containsRef(schema.propertyNames) &&
      (extraMeta.propertyNames = schema.propertyNames);
    for (const key of ["minProperties", "maxProperties"]) schema[key] !== void 0 && (extraMeta[key] = schema[key]);
  }
  if (schema.type === "array" && schema.$ref === void 0) {
    schema.contains !== void 0 && !containsRef(schema.contains) && (extraMeta.contains = schema.contains);
    for (const key of ["uniqueItems", "minContains", "maxContains"])
      schema[key] !== void 0 && (extraMeta[key] = schema[key]);
  }
  for (const key of Object.keys(schema)) RECOGNIZED_KEYS.has(key) || assignProp(extraMeta, key, schema[key]);
  return (
    Object.keys(extraMeta).length > 0 && ctx.registry.add(baseSchema, extraMeta),
    schema.description && (baseSchema = baseSchema.describe(schema.description)),
    baseSchema
  );
}
function fromJSONSchema(schema, params) {
  if (typeof schema == "boolean") return schema ? z.any() : z.never();
  let normalized;
  try {
    normalized = JSON.parse(JSON.stringify(schema));
  } catch {
    throw new Error("fromJSONSchema input is not valid JSON (possibly cyclic); use $defs/$ref for recursive schemas");
  }
  const version2 = detectVersion(normalized, params?.defaultTarget),
    defs = normalized.$defs || normalized.definitions || {},
    ctx = {
      version: version2,
      defs,
      refs: new Map(),
      processing: new Set(),
      rootSchema: normalized,
      registry: params?.registry ?? globalRegistry,
    };
  return convertSchema(normalized, ctx);
}
var RESOLVING = Symbol("z.visit/resolving");
function visit(schema, fnOrHandlers) {
  const fn =
      typeof fnOrHandlers == "function"
        ? fnOrHandlers
        : (node2, rewritten) => {
            const h = fnOrHandlers[node2._zod.def.type];
            return h ? h(node2, rewritten) : node2;
          },
    cache = new Map();
  function run(s) {
    const cached2 = cache.get(s);
    if (cached2 === RESOLVING) return new $ZodLazy({ type: "lazy", getter: () => cache.get(s) });
    if (cached2 !== void 0) return cached2;
    cache.set(s, RESOLVING);
    const inner = mapInner(s),
      mapped = fn(inner, inner !== s);
    return cache.set(s, mapped), mapped;
  }
  function mapInner(s) {
    const def = s._zod.def,
      kind = def.type;
    switch (kind) {
      case "object": {
        let oldShape = def.shape,
          keys = Object.keys(oldShape),
          changed = !1,
          newShape = {};
        for (const k of keys) {
          const mapped = run(oldShape[k]);
          mapped !== oldShape[k] && (changed = !0), (newShape[k] = mapped);
        }
        let newCatchall = def.catchall;
        return (
          def.catchall && ((newCatchall = run(def.catchall)), newCatchall !== def.catchall && (changed = !0)),
          changed ? clone(s, { ...def, shape: newShape, catchall: newCatchall }) : s
        );
      }
      case "array": {
        const mapped = run(def.element);
        return mapped === def.element ? s : clone(s, { ...def, element: mapped });
      }
      case "tuple": {
        let oldItems = def.items,
          changed = !1,
          newItems = [];
        for (const item of oldItems) {
          const mapped = run(item);
          mapped !== item && (changed = !0), newItems.push(mapped);
        }
        let newRest = def.rest;
        return (
          def.rest && ((newRest = run(def.rest)), newRest !== def.rest && (changed = !0)),
          changed ? clone(s, { ...def, items: newItems, rest: newRest }) : s
        );
      }
      case "record":
      case "map": {
        const newKey = run(def.keyType),
          newVal = run(def.valueType);
        return newKey === def.keyType && newVal === def.valueType
          ? s
          : clone(s, { ...def, keyType: newKey, valueType: newVal });
      }
      case "set": {
        const newVal = run(def.valueType);
        return newVal === def.valueType ? s : clone(s, { ...def, valueType: newVal });
      }
      case "union": {
        let oldOptions = def.options,
          changed = !1,
          newOptions = [];
        for (const opt of oldOptions) {
          const mapped = run(opt);
          mapped !== opt && (changed = !0), newOptions.push(mapped);
        }
        return changed ? clone(s, { ...def, options: newOptions }) : s;
      }
      case "intersection": {
        const newLeft = run(def.left),
          newRight = run(def.right);
        return newLeft === def.left && newRight === def.right
          ? s
          : clone(s, { ...def, left: newLeft, right: newRight });
      }
      case "optional":
      case "nullable":
      case "default":
      case "prefault":
      case "catch":
      case "readonly":
      case "nonoptional":
      case "promise":
      case "success": {
        const newInner = run(def.innerType);
        return newInner === def.innerType ? s : clone(s, { ...def, innerType: newInner });
      }
      case "pipe": {
        const newIn = run(def.in),
          newOut = run(def.out);
        return newIn === def.in && newOut === def.out ? s : clone(s, { ...def, in: newIn, out: newOut });
      }
      case "function": {
        const newInput = run(def.input),
          newOutput = run(def.output);
        return newInput === def.input && newOutput === def.output
          ? s
          : clone(s, { ...def, input: newInput, output: newOutput });
      }
      case "lazy": {
        const original = def.getter,
          { _cachedInner, ...rest } = def;
        return clone(s, { ...rest, getter: () => run(original()) });
      }
      case "template_literal":
      case "string":
      case "number":
      case "int":
      case "boolean":
      case "bigint":
      case "symbol":
      case "undefined":
      case "null":
      case "void":
      case "never":
      case "any":
      case "unknown":
      case "date":
      case "nan":
      case "enum":
      case "literal":
      case "file":
      case "transform":
      case "custom":
        return s;
      default:
        return s;
    }
  }
  return run(schema);
}
function deepPartial(schema) {
  return visit(schema, {
    object: (s) => s.partial(),
    union: (s) => {
      const def = s._zod.def;
      return def.discriminator === void 0 ? s : union(def.options);
    },
  });
}
function withChecks(side, checks) {
  if (!checks?.length) return side;
  const def = side._zod.def;
  return clone(side, mergeDefs(def, { checks: [...(def.checks ?? []), ...checks] }), { parent: !0 });
}
function outSide(def) {
  return withChecks(def.out, def.checks);
}
function inSide(def) {
  return def.in._zod.traits.has("$ZodTransform") ? outSide(def) : def.in;
}
function input(schema) {
  return visit(schema, {
    pipe: (s) => inSide(s._zod.def),
    default: (s, rewritten) => (rewritten ? optional(s._zod.def.innerType) : s),
    catch: (s, rewritten) => (rewritten ? s._zod.def.innerType : s),
  });
}
function output(schema) {
  return visit(schema, {
    pipe: (s) => outSide(s._zod.def),
    prefault: (s, rewritten) => (rewritten ? s._zod.def.innerType : s),
  });
}
var coerce_exports = {};
__export(coerce_exports, {
  bigint: () => bigint3,
  boolean: () => boolean3,
  date: () => date4,
  number: () => number3,
  string: () => string3,
});
function string3(params) {
  return _coercedString(ZodString, params);
}
function number3(params) {
  return _coercedNumber(ZodNumber, params);
}
function boolean3(params) {
  return _coercedBoolean(ZodBoolean, params);
}
function bigint3(params) {
  return _coercedBigint(ZodBigInt, params);
}
function date4(params) {
  return _coercedDate(ZodDate, params);
}
export { external_exports };
//# sourceMappingURL=chunk-BPOSQNOK.js.map
