#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
import { __commonJS, __require, __toESM } from "./chunks/chunk-GZ7VATWC.js";
import { package_default } from "./chunks/chunk-WPEDSTF5.js";
var require_error = __commonJS({
  "node_modules/commander/lib/error.js"(exports) {
    var CommanderError2 = class extends Error {
        constructor(exitCode, code, message) {
          super(message),
            Error.captureStackTrace(this, this.constructor),
            (this.name = this.constructor.name),
            (this.code = code),
            (this.exitCode = exitCode),
            (this.nestedError = void 0);
        }
      },
      InvalidArgumentError2 = class extends CommanderError2 {
        constructor(message) {
          super(1, "commander.invalidArgument", message),
            Error.captureStackTrace(this, this.constructor),
            (this.name = this.constructor.name);
        }
      };
    exports.CommanderError = CommanderError2;
    exports.InvalidArgumentError = InvalidArgumentError2;
  },
});
var require_argument = __commonJS({
  "node_modules/commander/lib/argument.js"(exports) {
    var { InvalidArgumentError: InvalidArgumentError2 } = require_error(),
      Argument2 = class {
        constructor(name, description) {
          switch (
            ((this.description = description || ""),
            (this.variadic = !1),
            (this.parseArg = void 0),
            (this.defaultValue = void 0),
            (this.defaultValueDescription = void 0),
            (this.argChoices = void 0),
            name[0])
          ) {
            case "<":
              (this.required = !0), (this._name = name.slice(1, -1));
              break;
            case "[":
              (this.required = !1), (this._name = name.slice(1, -1));
              break;
            default:
              (this.required = !0), (this._name = name);
              break;
          }
          this._name.endsWith("...") && ((this.variadic = !0), (this._name = this._name.slice(0, -3)));
        }
        name() {
          return this._name;
        }
        _collectValue(value, previous) {
          return previous === this.defaultValue || !Array.isArray(previous)
            ? [value]
            : (previous.push(value), previous);
        }
        default(value, description) {
          return (this.defaultValue = value), (this.defaultValueDescription = description), this;
        }
        argParser(fn) {
          return (this.parseArg = fn), this;
        }
        choices(values) {
          return (
            (this.argChoices = values.slice()),
            (this.parseArg = (arg, previous) => {
              if (!this.argChoices.includes(arg))
                throw new InvalidArgumentError2(`Allowed choices are ${this.argChoices.join(", ")}.`);
              return this.variadic ? this._collectValue(arg, previous) : arg;
            }),
            this
          );
        }
        argRequired() {
          return (this.required = !0), this;
        }
        argOptional() {
          return (this.required = !1), this;
        }
      };
    function humanReadableArgName(arg) {
      const nameOutput = arg.name() + (arg.variadic === !0 ? "..." : "");
      return arg.required ? "<" + nameOutput + ">" : "[" + nameOutput + "]";
    }
    exports.Argument = Argument2;
    exports.humanReadableArgName = humanReadableArgName;
  },
});
var require_help = __commonJS({
  "node_modules/commander/lib/help.js"(exports) {
    var { humanReadableArgName } = require_argument(),
      Help2 = class {
        constructor() {
          (this.helpWidth = void 0),
            (this.minWidthToWrap = 40),
            (this.sortSubcommands = !1),
            (this.sortOptions = !1),
            (this.showGlobalOptions = !1);
        }
        prepareContext(contextOptions) {
          this.helpWidth = this.helpWidth ?? contextOptions.helpWidth ?? 80;
        }
        visibleCommands(cmd) {
          const visibleCommands = cmd.commands.filter((cmd2) => !cmd2._hidden),
            helpCommand = cmd._getHelpCommand();
          return (
            helpCommand && !helpCommand._hidden && visibleCommands.push(helpCommand),
            this.sortSubcommands && visibleCommands.sort((a, b) => a.name().localeCompare(b.name())),
            visibleCommands
          );
        }
        compareOptions(a, b) {
          const getSortKey = (option) =>
            option.short ? option.short.replace(/^-/, "") : option.long.replace(/^--/, "");
          return getSortKey(a).localeCompare(getSortKey(b));
        }
        visibleOptions(cmd) {
          const visibleOptions = cmd.options.filter((option) => !option.hidden),
            helpOption = cmd._getHelpOption();
          if (helpOption && !helpOption.hidden) {
            const removeShort = helpOption.short && cmd._findOption(helpOption.short),
              removeLong = helpOption.long && cmd._findOption(helpOption.long);
            !removeShort && !removeLong
              ? visibleOptions.push(helpOption)
              : helpOption.long && !removeLong
                ? visibleOptions.push(cmd.createOption(helpOption.long, helpOption.description))
                : helpOption.short &&
                  !removeShort &&
                  visibleOptions.push(cmd.createOption(helpOption.short, helpOption.description));
          }
          return this.sortOptions && visibleOptions.sort(this.compareOptions), visibleOptions;
        }
        visibleGlobalOptions(cmd) {
          if (!this.showGlobalOptions) return [];
          const globalOptions = [];
          for (let ancestorCmd = cmd.parent; ancestorCmd; ancestorCmd = ancestorCmd.parent) {
            const visibleOptions = ancestorCmd.options.filter((option) => !option.hidden);
            globalOptions.push(...visibleOptions);
          }
          return this.sortOptions && globalOptions.sort(this.compareOptions), globalOptions;
        }
        visibleArguments(cmd) {
          return (
            cmd._argsDescription &&
              cmd.registeredArguments.forEach((argument) => {
                argument.description = argument.description || cmd._argsDescription[argument.name()] || "";
              }),
            cmd.registeredArguments.find((argument) => argument.description) ? cmd.registeredArguments : []
          );
        }
        subcommandTerm(cmd) {
          const args = cmd.registeredArguments.map((arg) => humanReadableArgName(arg)).join(" ");
          return (
            cmd._name +
            (cmd._aliases[0] ? "|" + cmd._aliases[0] : "") +
            (cmd.options.length ? " [options]" : "") +
            (args ? " " + args : "")
          );
        }
        optionTerm(option) {
          return option.flags;
        }
        argumentTerm(argument) {
          return argument.name();
        }
        longestSubcommandTermLength(cmd, helper) {
          return helper
            .visibleCommands(cmd)
            .reduce(
              (max, command) =>
                Math.max(max, this.displayWidth(helper.styleSubcommandTerm(helper.subcommandTerm(command)))),
              0,
            );
        }
        longestOptionTermLength(cmd, helper) {
          return helper
            .visibleOptions(cmd)
            .reduce(
              (max, option) => Math.max(max, this.displayWidth(helper.styleOptionTerm(helper.optionTerm(option)))),
              0,
            );
        }
        longestGlobalOptionTermLength(cmd, helper) {
          return helper
            .visibleGlobalOptions(cmd)
            .reduce(
              (max, option) => Math.max(max, this.displayWidth(helper.styleOptionTerm(helper.optionTerm(option)))),
              0,
            );
        }
        longestArgumentTermLength(cmd, helper) {
          return helper
            .visibleArguments(cmd)
            .reduce(
              (max, argument) =>
                Math.max(max, this.displayWidth(helper.styleArgumentTerm(helper.argumentTerm(argument)))),
              0,
            );
        }
        commandUsage(cmd) {
          let cmdName = cmd._name;
          cmd._aliases[0] && (cmdName = cmdName + "|" + cmd._aliases[0]);
          let ancestorCmdNames = "";
          for (let ancestorCmd = cmd.parent; ancestorCmd; ancestorCmd = ancestorCmd.parent)
            ancestorCmdNames = ancestorCmd.name() + " " + ancestorCmdNames;
          return ancestorCmdNames + cmdName + " " + cmd.usage();
        }
        commandDescription(cmd) {
          return cmd.description();
        }
        subcommandDescription(cmd) {
          return cmd.summary() || cmd.description();
        }
        optionDescription(option) {
          const extraInfo = [];
          if (
            (option.argChoices &&
              extraInfo.push(`choices: ${option.argChoices.map((choice) => JSON.stringify(choice)).join(", ")}`),
            option.defaultValue !== void 0 &&
              (option.required || option.optional || (option.isBoolean() && typeof option.defaultValue == "boolean")) &&
              extraInfo.push(`default: ${option.defaultValueDescription || JSON.stringify(option.defaultValue)}`),
            option.presetArg !== void 0 &&
              option.optional &&
              extraInfo.push(`preset: ${JSON.stringify(option.presetArg)}`),
            option.envVar !== void 0 && extraInfo.push(`env: ${option.envVar}`),
            extraInfo.length > 0)
          ) {
            const extraDescription = `(${extraInfo.join(", ")})`;
            return option.description ? `${option.description} ${extraDescription}` : extraDescription;
          }
          return option.description;
        }
        argumentDescription(argument) {
          const extraInfo = [];
          if (
            (argument.argChoices &&
              extraInfo.push(`choices: ${argument.argChoices.map((choice) => JSON.stringify(choice)).join(", ")}`),
            argument.defaultValue !== void 0 &&
              extraInfo.push(`default: ${argument.defaultValueDescription || JSON.stringify(argument.defaultValue)}`),
            extraInfo.length > 0)
          ) {
            const extraDescription = `(${extraInfo.join(", ")})`;
            return argument.description ? `${argument.description} ${extraDescription}` : extraDescription;
          }
          return argument.description;
        }
        formatItemList(heading, items, helper) {
          return items.length === 0 ? [] : [helper.styleTitle(heading), ...items, ""];
        }
        groupItems(unsortedItems, visibleItems, getGroup) {
          const result = new Map();
          return (
            unsortedItems.forEach((item) => {
              const group = getGroup(item);
              result.has(group) || result.set(group, []);
            }),
            visibleItems.forEach((item) => {
              const group = getGroup(item);
              result.has(group) || result.set(group, []), result.get(group).push(item);
            }),
            result
          );
        }
        formatHelp(cmd, helper) {
          const termWidth = helper.padWidth(cmd, helper),
            helpWidth = helper.helpWidth ?? 80;
          function callFormatItem(term, description) {
            return helper.formatItem(term, termWidth, description, helper);
          }
          let output = [`${helper.styleTitle("Usage:")} ${helper.styleUsage(helper.commandUsage(cmd))}`, ""],
            commandDescription = helper.commandDescription(cmd);
          commandDescription.length > 0 &&
            (output = output.concat([
              helper.boxWrap(helper.styleCommandDescription(commandDescription), helpWidth),
              "",
            ]));
          const argumentList = helper
            .visibleArguments(cmd)
            .map((argument) =>
              callFormatItem(
                helper.styleArgumentTerm(helper.argumentTerm(argument)),
                helper.styleArgumentDescription(helper.argumentDescription(argument)),
              ),
            );
          if (
            ((output = output.concat(this.formatItemList("Arguments:", argumentList, helper))),
            this.groupItems(
              cmd.options,
              helper.visibleOptions(cmd),
              (option) => option.helpGroupHeading ?? "Options:",
            ).forEach((options, group) => {
              const optionList = options.map((option) =>
                callFormatItem(
                  helper.styleOptionTerm(helper.optionTerm(option)),
                  helper.styleOptionDescription(helper.optionDescription(option)),
                ),
              );
              output = output.concat(this.formatItemList(group, optionList, helper));
            }),
            helper.showGlobalOptions)
          ) {
            const globalOptionList = helper
              .visibleGlobalOptions(cmd)
              .map((option) =>
                callFormatItem(
                  helper.styleOptionTerm(helper.optionTerm(option)),
                  helper.styleOptionDescription(helper.optionDescription(option)),
                ),
              );
            output = output.concat(this.formatItemList("Global Options:", globalOptionList, helper));
          }
          return (
            this.groupItems(cmd.commands, helper.visibleCommands(cmd), (sub) => sub.helpGroup() || "Commands:").forEach(
              (commands, group) => {
                const commandList = commands.map((sub) =>
                  callFormatItem(
                    helper.styleSubcommandTerm(helper.subcommandTerm(sub)),
                    helper.styleSubcommandDescription(helper.subcommandDescription(sub)),
                  ),
                );
                output = output.concat(this.formatItemList(group, commandList, helper));
              },
            ),
            output.join(`
`)
          );
        }
        displayWidth(str) {
          return stripColor(str).length;
        }
        styleTitle(str) {
          return str;
        }
        styleUsage(str) {
          return str
            .split(" ")
            .map((word) =>
              word === "[options]"
                ? this.styleOptionText(word)
                : word === "[command]"
                  ? this.styleSubcommandText(word)
                  : word[0] === "[" || word[0] === "<"
                    ? this.styleArgumentText(word)
                    : this.styleCommandText(word),
            )
            .join(" ");
        }
        styleCommandDescription(str) {
          return this.styleDescriptionText(str);
        }
        styleOptionDescription(str) {
          return this.styleDescriptionText(str);
        }
        styleSubcommandDescription(str) {
          return this.styleDescriptionText(str);
        }
        styleArgumentDescription(str) {
          return this.styleDescriptionText(str);
        }
        styleDescriptionText(str) {
          return str;
        }
        styleOptionTerm(str) {
          return this.styleOptionText(str);
        }
        styleSubcommandTerm(str) {
          return str
            .split(" ")
            .map((word) =>
              word === "[options]"
                ? this.styleOptionText(word)
                : word[0] === "[" || word[0] === "<"
                  ? this.styleArgumentText(word)
                  : this.styleSubcommandText(word),
            )
            .join(" ");
        }
        styleArgumentTerm(str) {
          return this.styleArgumentText(str);
        }
        styleOptionText(str) {
          return str;
        }
        styleArgumentText(str) {
          return str;
        }
        styleSubcommandText(str) {
          return str;
        }
        styleCommandText(str) {
          return str;
        }
        padWidth(cmd, helper) {
          return Math.max(
            helper.longestOptionTermLength(cmd, helper),
            helper.longestGlobalOptionTermLength(cmd, helper),
            helper.longestSubcommandTermLength(cmd, helper),
            helper.longestArgumentTermLength(cmd, helper),
          );
        }
        preformatted(str) {
          return /\n[^\S\r\n]/.test(str);
        }
        formatItem(term, termWidth, description, helper) {
          const itemIndentStr = " ".repeat(2);
          if (!description) return itemIndentStr + term;
          let paddedTerm = term.padEnd(termWidth + term.length - helper.displayWidth(term)),
            spacerWidth = 2,
            remainingWidth = (this.helpWidth ?? 80) - termWidth - spacerWidth - 2,
            formattedDescription;
          return (
            remainingWidth < this.minWidthToWrap || helper.preformatted(description)
              ? (formattedDescription = description)
              : (formattedDescription = helper.boxWrap(description, remainingWidth).replace(
                  /\n/g,
                  `
` + " ".repeat(termWidth + spacerWidth),
                )),
            itemIndentStr +
              paddedTerm +
              " ".repeat(spacerWidth) +
              formattedDescription.replace(
                /\n/g,
                `
${itemIndentStr}`,
              )
          );
        }
        boxWrap(str, width) {
          if (width < this.minWidthToWrap) return str;
          const rawLines = str.split(/\r\n|\n/),
            chunkPattern = /[\s]*[^\s]+/g,
            wrappedLines = [];
          return (
            rawLines.forEach((line) => {
              const chunks = line.match(chunkPattern);
              if (chunks === null) {
                wrappedLines.push("");
                return;
              }
              let sumChunks = [chunks.shift()],
                sumWidth = this.displayWidth(sumChunks[0]);
              chunks.forEach((chunk) => {
                const visibleWidth = this.displayWidth(chunk);
                if (sumWidth + visibleWidth <= width) {
                  sumChunks.push(chunk), (sumWidth += visibleWidth);
                  return;
                }
                wrappedLines.push(sumChunks.join(""));
                const nextChunk = chunk.trimStart();
                (sumChunks = [nextChunk]), (sumWidth = this.displayWidth(nextChunk));
              }),
                wrappedLines.push(sumChunks.join(""));
            }),
            wrappedLines.join(`
`)
          );
        }
      };
    function stripColor(str) {
      const sgrPattern = /\x1b\[\d*(;\d*)*m/g;
      return str.replace(sgrPattern, "");
    }
    exports.Help = Help2;
    exports.stripColor = stripColor;
  },
});
var require_option = __commonJS({
  "node_modules/commander/lib/option.js"(exports) {
    var { InvalidArgumentError: InvalidArgumentError2 } = require_error(),
      Option2 = class {
        constructor(flags, description) {
          (this.flags = flags),
            (this.description = description || ""),
            (this.required = flags.includes("<")),
            (this.optional = flags.includes("[")),
            (this.variadic = /\w\.\.\.[>\]]$/.test(flags)),
            (this.mandatory = !1);
          const optionFlags = splitOptionFlags(flags);
          (this.short = optionFlags.shortFlag),
            (this.long = optionFlags.longFlag),
            (this.negate = !1),
            this.long && (this.negate = this.long.startsWith("--no-")),
            (this.defaultValue = void 0),
            (this.defaultValueDescription = void 0),
            (this.presetArg = void 0),
            (this.envVar = void 0),
            (this.parseArg = void 0),
            (this.hidden = !1),
            (this.argChoices = void 0),
            (this.conflictsWith = []),
            (this.implied = void 0),
            (this.helpGroupHeading = void 0);
        }
        default(value, description) {
          return (this.defaultValue = value), (this.defaultValueDescription = description), this;
        }
        preset(arg) {
          return (this.presetArg = arg), this;
        }
        conflicts(names) {
          return (this.conflictsWith = this.conflictsWith.concat(names)), this;
        }
        implies(impliedOptionValues) {
          let newImplied = impliedOptionValues;
          return (
            typeof impliedOptionValues == "string" && (newImplied = { [impliedOptionValues]: !0 }),
            (this.implied = Object.assign(this.implied || {}, newImplied)),
            this
          );
        }
        env(name) {
          return (this.envVar = name), this;
        }
        argParser(fn) {
          return (this.parseArg = fn), this;
        }
        makeOptionMandatory(mandatory = !0) {
          return (this.mandatory = !!mandatory), this;
        }
        hideHelp(hide = !0) {
          return (this.hidden = !!hide), this;
        }
        _collectValue(value, previous) {
          return previous === this.defaultValue || !Array.isArray(previous)
            ? [value]
            : (previous.push(value), previous);
        }
        choices(values) {
          return (
            (this.argChoices = values.slice()),
            (this.parseArg = (arg, previous) => {
              if (!this.argChoices.includes(arg))
                throw new InvalidArgumentError2(`Allowed choices are ${this.argChoices.join(", ")}.`);
              return this.variadic ? this._collectValue(arg, previous) : arg;
            }),
            this
          );
        }
        name() {
          return this.long ? this.long.replace(/^--/, "") : this.short.replace(/^-/, "");
        }
        attributeName() {
          return this.negate ? camelcase(this.name().replace(/^no-/, "")) : camelcase(this.name());
        }
        helpGroup(heading) {
          return (this.helpGroupHeading = heading), this;
        }
        is(arg) {
          return this.short === arg || this.long === arg;
        }
        isBoolean() {
          return !this.required && !this.optional && !this.negate;
        }
      },
      DualOptions = class {
        constructor(options) {
          (this.positiveOptions = new Map()),
            (this.negativeOptions = new Map()),
            (this.dualOptions = new Set()),
            options.forEach((option) => {
              option.negate
                ? this.negativeOptions.set(option.attributeName(), option)
                : this.positiveOptions.set(option.attributeName(), option);
            }),
            this.negativeOptions.forEach((value, key) => {
              this.positiveOptions.has(key) && this.dualOptions.add(key);
            });
        }
        valueFromOption(value, option) {
          const optionKey = option.attributeName();
          if (!this.dualOptions.has(optionKey)) return !0;
          const preset = this.negativeOptions.get(optionKey).presetArg,
            negativeValue = preset !== void 0 ? preset : !1;
          return option.negate === (negativeValue === value);
        }
      };
    function camelcase(str) {
      return str.split("-").reduce((str2, word) => str2 + word[0].toUpperCase() + word.slice(1));
    }
    function splitOptionFlags(flags) {
      let shortFlag,
        longFlag,
        shortFlagExp = /^-[^-]$/,
        longFlagExp = /^--[^-]/,
        flagParts = flags.split(/[ |,]+/).concat("guard");
      if (
        (shortFlagExp.test(flagParts[0]) && (shortFlag = flagParts.shift()),
        longFlagExp.test(flagParts[0]) && (longFlag = flagParts.shift()),
        !shortFlag && shortFlagExp.test(flagParts[0]) && (shortFlag = flagParts.shift()),
        !shortFlag && longFlagExp.test(flagParts[0]) && ((shortFlag = longFlag), (longFlag = flagParts.shift())),
        flagParts[0].startsWith("-"))
      ) {
        const unsupportedFlag = flagParts[0],
          baseError = `option creation failed due to '${unsupportedFlag}' in option flags '${flags}'`;
        throw /^-[^-][^-]/.test(unsupportedFlag)
          ? new Error(`${baseError}
- a short flag is a single dash and a single character
  - either use a single dash and a single character (for a short flag)
  - or use a double dash for a long option (and can have two, like '--ws, --workspace')`)
          : shortFlagExp.test(unsupportedFlag)
            ? new Error(`${baseError}
- too many short flags`)
            : longFlagExp.test(unsupportedFlag)
              ? new Error(`${baseError}
- too many long flags`)
              : new Error(`${baseError}
- unrecognised flag format`);
      }
      if (shortFlag === void 0 && longFlag === void 0)
        throw new Error(`option creation failed due to no flags found in '${flags}'.`);
      return { shortFlag, longFlag };
    }
    exports.Option = Option2;
    exports.DualOptions = DualOptions;
  },
});
var require_suggestSimilar = __commonJS({
  "node_modules/commander/lib/suggestSimilar.js"(exports) {
    function editDistance(a, b) {
      if (Math.abs(a.length - b.length) > 3) return Math.max(a.length, b.length);
      const d = [];
      for (let i = 0; i <= a.length; i++) d[i] = [i];
      for (let j = 0; j <= b.length; j++) d[0][j] = j;
      for (let j = 1; j <= b.length; j++)
        for (let i = 1; i <= a.length; i++) {
          let cost = 1;
          a[i - 1] === b[j - 1] ? (cost = 0) : (cost = 1),
            (d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)),
            i > 1 &&
              j > 1 &&
              a[i - 1] === b[j - 2] &&
              a[i - 2] === b[j - 1] &&
              (d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1));
        }
      return d[a.length][b.length];
    }
    function suggestSimilar(word, candidates) {
      if (!candidates || candidates.length === 0) return "";
      candidates = Array.from(new Set(candidates));
      const searchingOptions = word.startsWith("--");
      searchingOptions && ((word = word.slice(2)), (candidates = candidates.map((candidate) => candidate.slice(2))));
      let similar = [],
        bestDistance = 3,
        minSimilarity = 0.4;
      return (
        candidates.forEach((candidate) => {
          if (candidate.length <= 1) return;
          const distance = editDistance(word, candidate),
            length = Math.max(word.length, candidate.length);
          (length - distance) / length > minSimilarity &&
            (distance < bestDistance
              ? ((bestDistance = distance), (similar = [candidate]))
              : distance === bestDistance && similar.push(candidate));
        }),
        similar.sort((a, b) => a.localeCompare(b)),
        searchingOptions && (similar = similar.map((candidate) => `--${candidate}`)),
        similar.length > 1
          ? `
(Did you mean one of ${similar.join(", ")}?)`
          : similar.length === 1
            ? `
(Did you mean ${similar[0]}?)`
            : ""
      );
    }
    exports.suggestSimilar = suggestSimilar;
  },
});
var require_command = __commonJS({
  "node_modules/commander/lib/command.js"(exports) {
    var EventEmitter = __require("node:events").EventEmitter,
      childProcess = __require("node:child_process"),
      path = __require("node:path"),
      fs = __require("node:fs"),
      process2 = __require("node:process"),
      { Argument: Argument2, humanReadableArgName } = require_argument(),
      { CommanderError: CommanderError2 } = require_error(),
      { Help: Help2, stripColor } = require_help(),
      { Option: Option2, DualOptions } = require_option(),
      { suggestSimilar } = require_suggestSimilar(),
      Command2 = class _Command extends EventEmitter {
        constructor(name) {
          super(),
            (this.commands = []),
            (this.options = []),
            (this.parent = null),
            (this._allowUnknownOption = !1),
            (this._allowExcessArguments = !1),
            (this.registeredArguments = []),
            (this._args = this.registeredArguments),
            (this.args = []),
            (this.rawArgs = []),
            (this.processedArgs = []),
            (this._scriptPath = null),
            (this._name = name || ""),
            (this._optionValues = {}),
            (this._optionValueSources = {}),
            (this._storeOptionsAsProperties = !1),
            (this._actionHandler = null),
            (this._executableHandler = !1),
            (this._executableFile = null),
            (this._executableDir = null),
            (this._defaultCommandName = null),
            (this._exitCallback = null),
            (this._aliases = []),
            (this._combineFlagAndOptionalValue = !0),
            (this._description = ""),
            (this._summary = ""),
            (this._argsDescription = void 0),
            (this._enablePositionalOptions = !1),
            (this._passThroughOptions = !1),
            (this._lifeCycleHooks = {}),
            (this._showHelpAfterError = !1),
            (this._showSuggestionAfterError = !0),
            (this._savedState = null),
            (this._outputConfiguration = {
              writeOut: (str) => process2.stdout.write(str),
              writeErr: (str) => process2.stderr.write(str),
              outputError: (str, write) => write(str),
              getOutHelpWidth: () => (process2.stdout.isTTY ? process2.stdout.columns : void 0),
              getErrHelpWidth: () => (process2.stderr.isTTY ? process2.stderr.columns : void 0),
              getOutHasColors: () => useColor() ?? (process2.stdout.isTTY && process2.stdout.hasColors?.()),
              getErrHasColors: () => useColor() ?? (process2.stderr.isTTY && process2.stderr.hasColors?.()),
              stripColor: (str) => stripColor(str),
            }),
            (this._hidden = !1),
            (this._helpOption = void 0),
            (this._addImplicitHelpCommand = void 0),
            (this._helpCommand = void 0),
            (this._helpConfiguration = {}),
            (this._helpGroupHeading = void 0),
            (this._defaultCommandGroup = void 0),
            (this._defaultOptionGroup = void 0);
        }
        copyInheritedSettings(sourceCommand) {
          return (
            (this._outputConfiguration = sourceCommand._outputConfiguration),
            (this._helpOption = sourceCommand._helpOption),
            (this._helpCommand = sourceCommand._helpCommand),
            (this._helpConfiguration = sourceCommand._helpConfiguration),
            (this._exitCallback = sourceCommand._exitCallback),
            (this._storeOptionsAsProperties = sourceCommand._storeOptionsAsProperties),
            (this._combineFlagAndOptionalValue = sourceCommand._combineFlagAndOptionalValue),
            (this._allowExcessArguments = sourceCommand._allowExcessArguments),
            (this._enablePositionalOptions = sourceCommand._enablePositionalOptions),
            (this._showHelpAfterError = sourceCommand._showHelpAfterError),
            (this._showSuggestionAfterError = sourceCommand._showSuggestionAfterError),
            this
          );
        }
        _getCommandAndAncestors() {
          const result = [];
          for (let command = this; command; command = command.parent) result.push(command);
          return result;
        }
        command(nameAndArgs, actionOptsOrExecDesc, execOpts) {
          let desc = actionOptsOrExecDesc,
            opts = execOpts;
          typeof desc == "object" && desc !== null && ((opts = desc), (desc = null)), (opts = opts || {});
          const [, name, args] = nameAndArgs.match(/([^ ]+) *(.*)/),
            cmd = this.createCommand(name);
          return (
            desc && (cmd.description(desc), (cmd._executableHandler = !0)),
            opts.isDefault && (this._defaultCommandName = cmd._name),
            (cmd._hidden = !!(opts.noHelp || opts.hidden)),
            (cmd._executableFile = opts.executableFile || null),
            args && cmd.arguments(args),
            this._registerCommand(cmd),
            (cmd.parent = this),
            cmd.copyInheritedSettings(this),
            desc ? this : cmd
          );
        }
        createCommand(name) {
          return new _Command(name);
        }
        createHelp() {
          return Object.assign(new Help2(), this.configureHelp());
        }
        configureHelp(configuration) {
          return configuration === void 0 ? this._helpConfiguration : ((this._helpConfiguration = configuration), this);
        }
        configureOutput(configuration) {
          return configuration === void 0
            ? this._outputConfiguration
            : ((this._outputConfiguration = { ...this._outputConfiguration, ...configuration }), this);
        }
        showHelpAfterError(displayHelp = !0) {
          return (
            typeof displayHelp != "string" && (displayHelp = !!displayHelp),
            (this._showHelpAfterError = displayHelp),
            this
          );
        }
        showSuggestionAfterError(displaySuggestion = !0) {
          return (this._showSuggestionAfterError = !!displaySuggestion), this;
        }
        addCommand(cmd, opts) {
          if (!cmd._name)
            throw new Error(`Command passed to .addCommand() must have a name
- specify the name in Command constructor or using .name()`);
          return (
            (opts = opts || {}),
            opts.isDefault && (this._defaultCommandName = cmd._name),
            (opts.noHelp || opts.hidden) && (cmd._hidden = !0),
            this._registerCommand(cmd),
            (cmd.parent = this),
            cmd._checkForBrokenPassThrough(),
            this
          );
        }
        createArgument(name, description) {
          return new Argument2(name, description);
        }
        argument(name, description, parseArg, defaultValue) {
          const argument = this.createArgument(name, description);
          return (
            typeof parseArg == "function"
              ? argument.default(defaultValue).argParser(parseArg)
              : argument.default(parseArg),
            this.addArgument(argument),
            this
          );
        }
        arguments(names) {
          return (
            names
              .trim()
              .split(/ +/)
              .forEach((detail) => {
                this.argument(detail);
              }),
            this
          );
        }
        addArgument(argument) {
          const previousArgument = this.registeredArguments.slice(-1)[0];
          if (previousArgument?.variadic)
            throw new Error(`only the last argument can be variadic '${previousArgument.name()}'`);
          if (argument.required && argument.defaultValue !== void 0 && argument.parseArg === void 0)
            throw new Error(`a default value for a required argument is never used: '${argument.name()}'`);
          return this.registeredArguments.push(argument), this;
        }
        helpCommand(enableOrNameAndArgs, description) {
          if (typeof enableOrNameAndArgs == "boolean")
            return (
              (this._addImplicitHelpCommand = enableOrNameAndArgs),
              enableOrNameAndArgs && this._defaultCommandGroup && this._initCommandGroup(this._getHelpCommand()),
              this
            );
          const nameAndArgs = enableOrNameAndArgs ?? "help [command]",
            [, helpName, helpArgs] = nameAndArgs.match(/([^ ]+) *(.*)/),
            helpDescription = description ?? "display help for command",
            helpCommand = this.createCommand(helpName);
          return (
            helpCommand.helpOption(!1),
            helpArgs && helpCommand.arguments(helpArgs),
            helpDescription && helpCommand.description(helpDescription),
            (this._addImplicitHelpCommand = !0),
            (this._helpCommand = helpCommand),
            (enableOrNameAndArgs || description) && this._initCommandGroup(helpCommand),
            this
          );
        }
        addHelpCommand(helpCommand, deprecatedDescription) {
          return typeof helpCommand != "object"
            ? (this.helpCommand(helpCommand, deprecatedDescription), this)
            : ((this._addImplicitHelpCommand = !0),
              (this._helpCommand = helpCommand),
              this._initCommandGroup(helpCommand),
              this);
        }
        _getHelpCommand() {
          return (this._addImplicitHelpCommand ??
            (this.commands.length && !this._actionHandler && !this._findCommand("help")))
            ? (this._helpCommand === void 0 && this.helpCommand(void 0, void 0), this._helpCommand)
            : null;
        }
        hook(event, listener) {
          const allowedValues = ["preSubcommand", "preAction", "postAction"];
          if (!allowedValues.includes(event))
            throw new Error(`Unexpected value for event passed to hook : '${event}'.
Expecting one of '${allowedValues.join("', '")}'`);
          return (
            this._lifeCycleHooks[event]
              ? this._lifeCycleHooks[event].push(listener)
              : (this._lifeCycleHooks[event] = [listener]),
            this
          );
        }
        exitOverride(fn) {
          return (
            fn
              ? (this._exitCallback = fn)
              : (this._exitCallback = (err) => {
                  if (err.code !== "commander.executeSubCommandAsync") throw err;
                }),
            this
          );
        }
        _exit(exitCode, code, message) {
          this._exitCallback && this._exitCallback(new CommanderError2(exitCode, code, message)),
            process2.exit(exitCode);
        }
        action(fn) {
          const listener = (args) => {
            const expectedArgsCount = this.registeredArguments.length,
              actionArgs = args.slice(0, expectedArgsCount);
            return (
              this._storeOptionsAsProperties
                ? (actionArgs[expectedArgsCount] = this)
                : (actionArgs[expectedArgsCount] = this.opts()),
              actionArgs.push(this),
              fn.apply(this, actionArgs)
            );
          };
          return (this._actionHandler = listener), this;
        }
        createOption(flags, description) {
          return new Option2(flags, description);
        }
        _callParseArg(target, value, previous, invalidArgumentMessage) {
          try {
            return target.parseArg(value, previous);
          } catch (err) {
            if (err.code === "commander.invalidArgument") {
              const message = `${invalidArgumentMessage} ${err.message}`;
              this.error(message, { exitCode: err.exitCode, code: err.code });
            }
            throw err;
          }
        }
        _registerOption(option) {
          const matchingOption =
            (option.short && this._findOption(option.short)) || (option.long && this._findOption(option.long));
          if (matchingOption) {
            const matchingFlag = option.long && this._findOption(option.long) ? option.long : option.short;
            throw new Error(`Cannot add option '${option.flags}'${this._name && ` to command '${this._name}'`} due to conflicting flag '${matchingFlag}'
-  already used by option '${matchingOption.flags}'`);
          }
          this._initOptionGroup(option), this.options.push(option);
        }
        _registerCommand(command) {
          const knownBy = (cmd) => [cmd.name()].concat(cmd.aliases()),
            alreadyUsed = knownBy(command).find((name) => this._findCommand(name));
          if (alreadyUsed) {
            const existingCmd = knownBy(this._findCommand(alreadyUsed)).join("|"),
              newCmd = knownBy(command).join("|");
            throw new Error(`cannot add command '${newCmd}' as already have command '${existingCmd}'`);
          }
          this._initCommandGroup(command), this.commands.push(command);
        }
        addOption(option) {
          this._registerOption(option);
          const oname = option.name(),
            name = option.attributeName();
          if (option.negate) {
            const positiveLongFlag = option.long.replace(/^--no-/, "--");
            this._findOption(positiveLongFlag) ||
              this.setOptionValueWithSource(name, option.defaultValue === void 0 ? !0 : option.defaultValue, "default");
          } else option.defaultValue !== void 0 && this.setOptionValueWithSource(name, option.defaultValue, "default");
          const handleOptionValue = (val, invalidValueMessage, valueSource) => {
            val == null && option.presetArg !== void 0 && (val = option.presetArg);
            const oldValue = this.getOptionValue(name);
            val !== null && option.parseArg
              ? (val = this._callParseArg(option, val, oldValue, invalidValueMessage))
              : val !== null && option.variadic && (val = option._collectValue(val, oldValue)),
              val == null &&
                (option.negate ? (val = !1) : option.isBoolean() || option.optional ? (val = !0) : (val = "")),
              this.setOptionValueWithSource(name, val, valueSource);
          };
          return (
            this.on("option:" + oname, (val) => {
              const invalidValueMessage = `error: option '${option.flags}' argument '${val}' is invalid.`;
              handleOptionValue(val, invalidValueMessage, "cli");
            }),
            option.envVar &&
              this.on("optionEnv:" + oname, (val) => {
                const invalidValueMessage = `error: option '${option.flags}' value '${val}' from env '${option.envVar}' is invalid.`;
                handleOptionValue(val, invalidValueMessage, "env");
              }),
            this
          );
        }
        _optionEx(config2, flags, description, fn, defaultValue) {
          if (typeof flags == "object" && flags instanceof Option2)
            throw new Error("To add an Option object use addOption() instead of option() or requiredOption()");
          const option = this.createOption(flags, description);
          if ((option.makeOptionMandatory(!!config2.mandatory), typeof fn == "function"))
            option.default(defaultValue).argParser(fn);
          else if (fn instanceof RegExp) {
            const regex = fn;
            (fn = (val, def) => {
              const m = regex.exec(val);
              return m ? m[0] : def;
            }),
              option.default(defaultValue).argParser(fn);
          } else option.default(fn);
          return this.addOption(option);
        }
        option(flags, description, parseArg, defaultValue) {
          return this._optionEx({}, flags, description, parseArg, defaultValue);
        }
        requiredOption(flags, description, parseArg, defaultValue) {
          return this._optionEx({ mandatory: !0 }, flags, description, parseArg, defaultValue);
        }
        combineFlagAndOptionalValue(combine = !0) {
          return (this._combineFlagAndOptionalValue = !!combine), this;
        }
        allowUnknownOption(allowUnknown = !0) {
          return (this._allowUnknownOption = !!allowUnknown), this;
        }
        allowExcessArguments(allowExcess = !0) {
          return (this._allowExcessArguments = !!allowExcess), this;
        }
        enablePositionalOptions(positional = !0) {
          return (this._enablePositionalOptions = !!positional), this;
        }
        passThroughOptions(passThrough = !0) {
          return (this._passThroughOptions = !!passThrough), this._checkForBrokenPassThrough(), this;
        }
        _checkForBrokenPassThrough() {
          if (this.parent && this._passThroughOptions && !this.parent._enablePositionalOptions)
            throw new Error(
              `passThroughOptions cannot be used for '${this._name}' without turning on enablePositionalOptions for parent command(s)`,
            );
        }
        storeOptionsAsProperties(storeAsProperties = !0) {
          if (this.options.length) throw new Error("call .storeOptionsAsProperties() before adding options");
          if (Object.keys(this._optionValues).length)
            throw new Error("call .storeOptionsAsProperties() before setting option values");
          return (this._storeOptionsAsProperties = !!storeAsProperties), this;
        }
        getOptionValue(key) {
          return this._storeOptionsAsProperties ? this[key] : this._optionValues[key];
        }
        setOptionValue(key, value) {
          return this.setOptionValueWithSource(key, value, void 0);
        }
        setOptionValueWithSource(key, value, source) {
          return (
            this._storeOptionsAsProperties ? (this[key] = value) : (this._optionValues[key] = value),
            (this._optionValueSources[key] = source),
            this
          );
        }
        getOptionValueSource(key) {
          return this._optionValueSources[key];
        }
        getOptionValueSourceWithGlobals(key) {
          let source;
          return (
            this._getCommandAndAncestors().forEach((cmd) => {
              cmd.getOptionValueSource(key) !== void 0 && (source = cmd.getOptionValueSource(key));
            }),
            source
          );
        }
        _prepareUserArgs(argv, parseOptions) {
          if (argv !== void 0 && !Array.isArray(argv))
            throw new Error("first parameter to parse must be array or undefined");
          if (((parseOptions = parseOptions || {}), argv === void 0 && parseOptions.from === void 0)) {
            process2.versions?.electron && (parseOptions.from = "electron");
            const execArgv = process2.execArgv ?? [];
            (execArgv.includes("-e") ||
              execArgv.includes("--eval") ||
              execArgv.includes("-p") ||
              execArgv.includes("--print")) &&
              (parseOptions.from = "eval");
          }
          argv === void 0 && (argv = process2.argv), (this.rawArgs = argv.slice());
          let userArgs;
          switch (parseOptions.from) {
            case void 0:
            case "node":
              (this._scriptPath = argv[1]), (userArgs = argv.slice(2));
              break;
            case "electron":
              process2.defaultApp
                ? ((this._scriptPath = argv[1]), (userArgs = argv.slice(2)))
                : (userArgs = argv.slice(1));
              break;
            case "user":
              userArgs = argv.slice(0);
              break;
            case "eval":
              userArgs = argv.slice(1);
              break;
            default:
              throw new Error(`unexpected parse option { from: '${parseOptions.from}' }`);
          }
          return (
            !this._name && this._scriptPath && this.nameFromFilename(this._scriptPath),
            (this._name = this._name || "program"),
            userArgs
          );
        }
        parse(argv, parseOptions) {
          this._prepareForParse();
          const userArgs = this._prepareUserArgs(argv, parseOptions);
          return this._parseCommand([], userArgs), this;
        }
        async parseAsync(argv, parseOptions) {
          this._prepareForParse();
          const userArgs = this._prepareUserArgs(argv, parseOptions);
          return await this._parseCommand([], userArgs), this;
        }
        _prepareForParse() {
          this._savedState === null ? this.saveStateBeforeParse() : this.restoreStateBeforeParse();
        }
        saveStateBeforeParse() {
          this._savedState = {
            _name: this._name,
            _optionValues: { ...this._optionValues },
            _optionValueSources: { ...this._optionValueSources },
          };
        }
        restoreStateBeforeParse() {
          if (this._storeOptionsAsProperties)
            throw new Error(`Can not call parse again when storeOptionsAsProperties is true.
- either make a new Command for each call to parse, or stop storing options as properties`);
          (this._name = this._savedState._name),
            (this._scriptPath = null),
            (this.rawArgs = []),
            (this._optionValues = { ...this._savedState._optionValues }),
            (this._optionValueSources = { ...this._savedState._optionValueSources }),
            (this.args = []),
            (this.processedArgs = []);
        }
        _checkForMissingExecutable(executableFile, executableDir, subcommandName) {
          if (fs.existsSync(executableFile)) return;
          const executableDirMessage = executableDir
              ? `searched for local subcommand relative to directory '${executableDir}'`
              : "no directory for search for local subcommand, use .executableDir() to supply a custom directory",
            executableMissing = `'${executableFile}' does not exist
 - if '${subcommandName}' is not meant to be an executable command, remove description parameter from '.command()' and use '.description()' instead
 - if the default executable name is not suitable, use the executableFile option to supply a custom name or path
 - ${executableDirMessage}`;
          throw new Error(executableMissing);
        }
        _executeSubCommand(subcommand, args) {
          args = args.slice();
          let launchWithNode = !1,
            sourceExt = [".js", ".ts", ".tsx", ".mjs", ".cjs"];
          function findFile(baseDir, baseName) {
            const localBin = path.resolve(baseDir, baseName);
            if (fs.existsSync(localBin)) return localBin;
            if (sourceExt.includes(path.extname(baseName))) return;
            const foundExt = sourceExt.find((ext) => fs.existsSync(`${localBin}${ext}`));
            if (foundExt) return `${localBin}${foundExt}`;
          }
          this._checkForMissingMandatoryOptions(), this._checkForConflictingOptions();
          let executableFile = subcommand._executableFile || `${this._name}-${subcommand._name}`,
            executableDir = this._executableDir || "";
          if (this._scriptPath) {
            let resolvedScriptPath;
            try {
              resolvedScriptPath = fs.realpathSync(this._scriptPath);
            } catch {
              resolvedScriptPath = this._scriptPath;
            }
            executableDir = path.resolve(path.dirname(resolvedScriptPath), executableDir);
          }
          if (executableDir) {
            let localFile = findFile(executableDir, executableFile);
            if (!localFile && !subcommand._executableFile && this._scriptPath) {
              const legacyName = path.basename(this._scriptPath, path.extname(this._scriptPath));
              legacyName !== this._name && (localFile = findFile(executableDir, `${legacyName}-${subcommand._name}`));
            }
            executableFile = localFile || executableFile;
          }
          launchWithNode = sourceExt.includes(path.extname(executableFile));
          let proc;
          process2.platform !== "win32"
            ? launchWithNode
              ? (args.unshift(executableFile),
                (args = incrementNodeInspectorPort(process2.execArgv).concat(args)),
                (proc = childProcess.spawn(process2.argv[0], args, { stdio: "inherit" })))
              : (proc = childProcess.spawn(executableFile, args, { stdio: "inherit" }))
            : (this._checkForMissingExecutable(executableFile, executableDir, subcommand._name),
              args.unshift(executableFile),
              (args = incrementNodeInspectorPort(process2.execArgv).concat(args)),
              (proc = childProcess.spawn(process2.execPath, args, { stdio: "inherit" }))),
            proc.killed ||
              ["SIGUSR1", "SIGUSR2", "SIGTERM", "SIGINT", "SIGHUP"].forEach((signal) => {
                process2.on(signal, () => {
                  proc.killed === !1 && proc.exitCode === null && proc.kill(signal);
                });
              });
          const exitCallback = this._exitCallback;
          proc.on("close", (code) => {
            (code = code ?? 1),
              exitCallback
                ? exitCallback(new CommanderError2(code, "commander.executeSubCommandAsync", "(close)"))
                : process2.exit(code);
          }),
            proc.on("error", (err) => {
              if (err.code === "ENOENT")
                this._checkForMissingExecutable(executableFile, executableDir, subcommand._name);
              else if (err.code === "EACCES") throw new Error(`'${executableFile}' not executable`);
              if (!exitCallback) process2.exit(1);
              else {
                const wrappedError = new CommanderError2(1, "commander.executeSubCommandAsync", "(error)");
                (wrappedError.nestedError = err), exitCallback(wrappedError);
              }
            }),
            (this.runningCommand = proc);
        }
        _dispatchSubcommand(commandName, operands, unknown) {
          const subCommand = this._findCommand(commandName);
          subCommand || this.help({ error: !0 }), subCommand._prepareForParse();
          let promiseChain;
          return (
            (promiseChain = this._chainOrCallSubCommandHook(promiseChain, subCommand, "preSubcommand")),
            (promiseChain = this._chainOrCall(promiseChain, () => {
              if (subCommand._executableHandler) this._executeSubCommand(subCommand, operands.concat(unknown));
              else return subCommand._parseCommand(operands, unknown);
            })),
            promiseChain
          );
        }
        _dispatchHelpCommand(subcommandName) {
          subcommandName || this.help();
          const subCommand = this._findCommand(subcommandName);
          return (
            subCommand && !subCommand._executableHandler && subCommand.help(),
            this._dispatchSubcommand(
              subcommandName,
              [],
              [this._getHelpOption()?.long ?? this._getHelpOption()?.short ?? "--help"],
            )
          );
        }
        _checkNumberOfArguments() {
          this.registeredArguments.forEach((arg, i) => {
            arg.required && this.args[i] == null && this.missingArgument(arg.name());
          }),
            !(
              this.registeredArguments.length > 0 &&
              this.registeredArguments[this.registeredArguments.length - 1].variadic
            ) &&
              this.args.length > this.registeredArguments.length &&
              this._excessArguments(this.args);
        }
        _processArguments() {
          const myParseArg = (argument, value, previous) => {
            let parsedValue = value;
            if (value !== null && argument.parseArg) {
              const invalidValueMessage = `error: command-argument value '${value}' is invalid for argument '${argument.name()}'.`;
              parsedValue = this._callParseArg(argument, value, previous, invalidValueMessage);
            }
            return parsedValue;
          };
          this._checkNumberOfArguments();
          const processedArgs = [];
          this.registeredArguments.forEach((declaredArg, index) => {
            let value = declaredArg.defaultValue;
            declaredArg.variadic
              ? index < this.args.length
                ? ((value = this.args.slice(index)),
                  declaredArg.parseArg &&
                    (value = value.reduce(
                      (processed, v) => myParseArg(declaredArg, v, processed),
                      declaredArg.defaultValue,
                    )))
                : value === void 0 && (value = [])
              : index < this.args.length &&
                ((value = this.args[index]),
                declaredArg.parseArg && (value = myParseArg(declaredArg, value, declaredArg.defaultValue))),
              (processedArgs[index] = value);
          }),
            (this.processedArgs = processedArgs);
        }
        _chainOrCall(promise, fn) {
          return promise?.then && typeof promise.then == "function" ? promise.then(() => fn()) : fn();
        }
        _chainOrCallHooks(promise, event) {
          let result = promise,
            hooks = [];
          return (
            this._getCommandAndAncestors()
              .reverse()
              .filter((cmd) => cmd._lifeCycleHooks[event] !== void 0)
              .forEach((hookedCommand) => {
                hookedCommand._lifeCycleHooks[event].forEach((callback) => {
                  hooks.push({ hookedCommand, callback });
                });
              }),
            event === "postAction" && hooks.reverse(),
            hooks.forEach((hookDetail) => {
              result = this._chainOrCall(result, () => hookDetail.callback(hookDetail.hookedCommand, this));
            }),
            result
          );
        }
        _chainOrCallSubCommandHook(promise, subCommand, event) {
          let result = promise;
          return (
            this._lifeCycleHooks[event] !== void 0 &&
              this._lifeCycleHooks[event].forEach((hook) => {
                result = this._chainOrCall(result, () => hook(this, subCommand));
              }),
            result
          );
        }
        _parseCommand(operands, unknown) {
          const parsed = this.parseOptions(unknown);
          if (
            (this._parseOptionsEnv(),
            this._parseOptionsImplied(),
            (operands = operands.concat(parsed.operands)),
            (unknown = parsed.unknown),
            (this.args = operands.concat(unknown)),
            operands && this._findCommand(operands[0]))
          )
            return this._dispatchSubcommand(operands[0], operands.slice(1), unknown);
          if (this._getHelpCommand() && operands[0] === this._getHelpCommand().name())
            return this._dispatchHelpCommand(operands[1]);
          if (this._defaultCommandName)
            return (
              this._outputHelpIfRequested(unknown),
              this._dispatchSubcommand(this._defaultCommandName, operands, unknown)
            );
          this.commands.length &&
            this.args.length === 0 &&
            !this._actionHandler &&
            !this._defaultCommandName &&
            this.help({ error: !0 }),
            this._outputHelpIfRequested(parsed.unknown),
            this._checkForMissingMandatoryOptions(),
            this._checkForConflictingOptions();
          const checkForUnknownOptions = () => {
              parsed.unknown.length > 0 && this.unknownOption(parsed.unknown[0]);
            },
            commandEvent = `command:${this.name()}`;
          if (this._actionHandler) {
            checkForUnknownOptions(), this._processArguments();
            let promiseChain;
            return (
              (promiseChain = this._chainOrCallHooks(promiseChain, "preAction")),
              (promiseChain = this._chainOrCall(promiseChain, () => this._actionHandler(this.processedArgs))),
              this.parent &&
                (promiseChain = this._chainOrCall(promiseChain, () => {
                  this.parent.emit(commandEvent, operands, unknown);
                })),
              (promiseChain = this._chainOrCallHooks(promiseChain, "postAction")),
              promiseChain
            );
          }
          if (this.parent?.listenerCount(commandEvent))
            checkForUnknownOptions(), this._processArguments(), this.parent.emit(commandEvent, operands, unknown);
          else if (operands.length) {
            if (this._findCommand("*")) return this._dispatchSubcommand("*", operands, unknown);
            this.listenerCount("command:*")
              ? this.emit("command:*", operands, unknown)
              : this.commands.length
                ? this.unknownCommand()
                : (checkForUnknownOptions(), this._processArguments());
          } else
            this.commands.length
              ? (checkForUnknownOptions(), this.help({ error: !0 }))
              : (checkForUnknownOptions(), this._processArguments());
        }
        _findCommand(name) {
          if (name) return this.commands.find((cmd) => cmd._name === name || cmd._aliases.includes(name));
        }
        _findOption(arg) {
          return this.options.find((option) => option.is(arg));
        }
        _checkForMissingMandatoryOptions() {
          this._getCommandAndAncestors().forEach((cmd) => {
            cmd.options.forEach((anOption) => {
              anOption.mandatory &&
                cmd.getOptionValue(anOption.attributeName()) === void 0 &&
                cmd.missingMandatoryOptionValue(anOption);
            });
          });
        }
        _checkForConflictingLocalOptions() {
          const definedNonDefaultOptions = this.options.filter((option) => {
            const optionKey = option.attributeName();
            return this.getOptionValue(optionKey) === void 0 ? !1 : this.getOptionValueSource(optionKey) !== "default";
          });
          definedNonDefaultOptions
            .filter((option) => option.conflictsWith.length > 0)
            .forEach((option) => {
              const conflictingAndDefined = definedNonDefaultOptions.find((defined) =>
                option.conflictsWith.includes(defined.attributeName()),
              );
              conflictingAndDefined && this._conflictingOption(option, conflictingAndDefined);
            });
        }
        _checkForConflictingOptions() {
          this._getCommandAndAncestors().forEach((cmd) => {
            cmd._checkForConflictingLocalOptions();
          });
        }
        parseOptions(args) {
          let operands = [],
            unknown = [],
            dest = operands;
          function maybeOption(arg) {
            return arg.length > 1 && arg[0] === "-";
          }
          let negativeNumberArg = (arg) =>
              /^-(\d+|\d*\.\d+)(e[+-]?\d+)?$/.test(arg)
                ? !this._getCommandAndAncestors().some((cmd) =>
                    cmd.options.map((opt) => opt.short).some((short) => /^-\d$/.test(short)),
                  )
                : !1,
            activeVariadicOption = null,
            activeGroup = null,
            i = 0;
          for (; i < args.length || activeGroup; ) {
            const arg = activeGroup ?? args[i++];
            if (((activeGroup = null), arg === "--")) {
              dest === unknown && dest.push(arg), dest.push(...args.slice(i));
              break;
            }
            if (activeVariadicOption && (!maybeOption(arg) || negativeNumberArg(arg))) {
              this.emit(`option:${activeVariadicOption.name()}`, arg);
              continue;
            }
            if (((activeVariadicOption = null), maybeOption(arg))) {
              const option = this._findOption(arg);
              if (option) {
                if (option.required) {
                  const value = args[i++];
                  value === void 0 && this.optionMissingArgument(option), this.emit(`option:${option.name()}`, value);
                } else if (option.optional) {
                  let value = null;
                  i < args.length && (!maybeOption(args[i]) || negativeNumberArg(args[i])) && (value = args[i++]),
                    this.emit(`option:${option.name()}`, value);
                } else this.emit(`option:${option.name()}`);
                activeVariadicOption = option.variadic ? option : null;
                continue;
              }
            }
            if (arg.length > 2 && arg[0] === "-" && arg[1] !== "-") {
              const option = this._findOption(`-${arg[1]}`);
              if (option) {
                option.required || (option.optional && this._combineFlagAndOptionalValue)
                  ? this.emit(`option:${option.name()}`, arg.slice(2))
                  : (this.emit(`option:${option.name()}`), (activeGroup = `-${arg.slice(2)}`));
                continue;
              }
            }
            if (/^--[^=]+=/.test(arg)) {
              const index = arg.indexOf("="),
                option = this._findOption(arg.slice(0, index));
              if (option && (option.required || option.optional)) {
                this.emit(`option:${option.name()}`, arg.slice(index + 1));
                continue;
              }
            }
            if (
              (dest === operands &&
                maybeOption(arg) &&
                !(this.commands.length === 0 && negativeNumberArg(arg)) &&
                (dest = unknown),
              (this._enablePositionalOptions || this._passThroughOptions) &&
                operands.length === 0 &&
                unknown.length === 0)
            ) {
              if (this._findCommand(arg)) {
                operands.push(arg), unknown.push(...args.slice(i));
                break;
              } else if (this._getHelpCommand() && arg === this._getHelpCommand().name()) {
                operands.push(arg, ...args.slice(i));
                break;
              } else if (this._defaultCommandName) {
                unknown.push(arg, ...args.slice(i));
                break;
              }
            }
            if (this._passThroughOptions) {
              dest.push(arg, ...args.slice(i));
              break;
            }
            dest.push(arg);
          }
          return { operands, unknown };
        }
        opts() {
          if (this._storeOptionsAsProperties) {
            const result = {},
              len = this.options.length;
            for (let i = 0; i < len; i++) {
              const key = this.options[i].attributeName();
              result[key] = key === this._versionOptionName ? this._version : this[key];
            }
            return result;
          }
          return this._optionValues;
        }
        optsWithGlobals() {
          return this._getCommandAndAncestors().reduce(
            (combinedOptions, cmd) => Object.assign(combinedOptions, cmd.opts()),
            {},
          );
        }
        error(message, errorOptions) {
          this._outputConfiguration.outputError(
            `${message}
`,
            this._outputConfiguration.writeErr,
          ),
            typeof this._showHelpAfterError == "string"
              ? this._outputConfiguration.writeErr(`${this._showHelpAfterError}
`)
              : this._showHelpAfterError &&
                (this._outputConfiguration.writeErr(`
`),
                this.outputHelp({ error: !0 }));
          const config2 = errorOptions || {},
            exitCode = config2.exitCode || 1,
            code = config2.code || "commander.error";
          this._exit(exitCode, code, message);
        }
        _parseOptionsEnv() {
          this.options.forEach((option) => {
            if (option.envVar && option.envVar in process2.env) {
              const optionKey = option.attributeName();
              (this.getOptionValue(optionKey) === void 0 ||
                ["default", "config", "env"].includes(this.getOptionValueSource(optionKey))) &&
                (option.required || option.optional
                  ? this.emit(`optionEnv:${option.name()}`, process2.env[option.envVar])
                  : this.emit(`optionEnv:${option.name()}`));
            }
          });
        }
        _parseOptionsImplied() {
          const dualHelper = new DualOptions(this.options),
            hasCustomOptionValue = (optionKey) =>
              this.getOptionValue(optionKey) !== void 0 &&
              !["default", "implied"].includes(this.getOptionValueSource(optionKey));
          this.options
            .filter(
              (option) =>
                option.implied !== void 0 &&
                hasCustomOptionValue(option.attributeName()) &&
                dualHelper.valueFromOption(this.getOptionValue(option.attributeName()), option),
            )
            .forEach((option) => {
              Object.keys(option.implied)
                .filter((impliedKey) => !hasCustomOptionValue(impliedKey))
                .forEach((impliedKey) => {
                  this.setOptionValueWithSource(impliedKey, option.implied[impliedKey], "implied");
                });
            });
        }
        missingArgument(name) {
          const message = `error: missing required argument '${name}'`;
          this.error(message, { code: "commander.missingArgument" });
        }
        optionMissingArgument(option) {
          const message = `error: option '${option.flags}' argument missing`;
          this.error(message, { code: "commander.optionMissingArgument" });
        }
        missingMandatoryOptionValue(option) {
          const message = `error: required option '${option.flags}' not specified`;
          this.error(message, { code: "commander.missingMandatoryOptionValue" });
        }
        _conflictingOption(option, conflictingOption) {
          const findBestOptionFromValue = (option2) => {
              const optionKey = option2.attributeName(),
                optionValue = this.getOptionValue(optionKey),
                negativeOption = this.options.find((target) => target.negate && optionKey === target.attributeName()),
                positiveOption = this.options.find((target) => !target.negate && optionKey === target.attributeName());
              return negativeOption &&
                ((negativeOption.presetArg === void 0 && optionValue === !1) ||
                  (negativeOption.presetArg !== void 0 && optionValue === negativeOption.presetArg))
                ? negativeOption
                : positiveOption || option2;
            },
            getErrorMessage = (option2) => {
              const bestOption = findBestOptionFromValue(option2),
                optionKey = bestOption.attributeName();
              return this.getOptionValueSource(optionKey) === "env"
                ? `environment variable '${bestOption.envVar}'`
                : `option '${bestOption.flags}'`;
            },
            message = `error: ${getErrorMessage(option)} cannot be used with ${getErrorMessage(conflictingOption)}`;
          this.error(message, { code: "commander.conflictingOption" });
        }
        unknownOption(flag) {
          if (this._allowUnknownOption) return;
          let suggestion = "";
          if (flag.startsWith("--") && this._showSuggestionAfterError) {
            let candidateFlags = [],
              command = this;
            do {
              const moreFlags = command
                .createHelp()
                .visibleOptions(command)
                .filter((option) => option.long)
                .map((option) => option.long);
              (candidateFlags = candidateFlags.concat(moreFlags)), (command = command.parent);
            } while (command && !command._enablePositionalOptions);
            suggestion = suggestSimilar(flag, candidateFlags);
          }
          const message = `error: unknown option '${flag}'${suggestion}`;
          this.error(message, { code: "commander.unknownOption" });
        }
        _excessArguments(receivedArgs) {
          if (this._allowExcessArguments) return;
          const expected = this.registeredArguments.length,
            s = expected === 1 ? "" : "s",
            message = `error: too many arguments${this.parent ? ` for '${this.name()}'` : ""}. Expected ${expected} argument${s} but got ${receivedArgs.length}.`;
          this.error(message, { code: "commander.excessArguments" });
        }
        unknownCommand() {
          let unknownName = this.args[0],
            suggestion = "";
          if (this._showSuggestionAfterError) {
            const candidateNames = [];
            this.createHelp()
              .visibleCommands(this)
              .forEach((command) => {
                candidateNames.push(command.name()), command.alias() && candidateNames.push(command.alias());
              }),
              (suggestion = suggestSimilar(unknownName, candidateNames));
          }
          const message = `error: unknown command '${unknownName}'${suggestion}`;
          this.error(message, { code: "commander.unknownCommand" });
        }
        version(str, flags, description) {
          if (str === void 0) return this._version;
          (this._version = str),
            (flags = flags || "-V, --version"),
            (description = description || "output the version number");
          const versionOption = this.createOption(flags, description);
          return (
            (this._versionOptionName = versionOption.attributeName()),
            this._registerOption(versionOption),
            this.on("option:" + versionOption.name(), () => {
              this._outputConfiguration.writeOut(`${str}
`),
                this._exit(0, "commander.version", str);
            }),
            this
          );
        }
        description(str, argsDescription) {
          return str === void 0 && argsDescription === void 0
            ? this._description
            : ((this._description = str), argsDescription && (this._argsDescription = argsDescription), this);
        }
        summary(str) {
          return str === void 0 ? this._summary : ((this._summary = str), this);
        }
        alias(alias) {
          if (alias === void 0) return this._aliases[0];
          let command = this;
          if (
            (this.commands.length !== 0 &&
              this.commands[this.commands.length - 1]._executableHandler &&
              (command = this.commands[this.commands.length - 1]),
            alias === command._name)
          )
            throw new Error("Command alias can't be the same as its name");
          const matchingCommand = this.parent?._findCommand(alias);
          if (matchingCommand) {
            const existingCmd = [matchingCommand.name()].concat(matchingCommand.aliases()).join("|");
            throw new Error(
              `cannot add alias '${alias}' to command '${this.name()}' as already have command '${existingCmd}'`,
            );
          }
          return command._aliases.push(alias), this;
        }
        aliases(aliases) {
          return aliases === void 0 ? this._aliases : (aliases.forEach((alias) => this.alias(alias)), this);
        }
        usage(str) {
          if (str === void 0) {
            if (this._usage) return this._usage;
            const args = this.registeredArguments.map((arg) => humanReadableArgName(arg));
            return []
              .concat(
                this.options.length || this._helpOption !== null ? "[options]" : [],
                this.commands.length ? "[command]" : [],
                this.registeredArguments.length ? args : [],
              )
              .join(" ");
          }
          return (this._usage = str), this;
        }
        name(str) {
          return str === void 0 ? this._name : ((this._name = str), this);
        }
        helpGroup(heading) {
          return heading === void 0 ? (this._helpGroupHeading ?? "") : ((this._helpGroupHeading = heading), this);
        }
        commandsGroup(heading) {
          return heading === void 0 ? (this._defaultCommandGroup ?? "") : ((this._defaultCommandGroup = heading), this);
        }
        optionsGroup(heading) {
          return heading === void 0 ? (this._defaultOptionGroup ?? "") : ((this._defaultOptionGroup = heading), this);
        }
        _initOptionGroup(option) {
          this._defaultOptionGroup && !option.helpGroupHeading && option.helpGroup(this._defaultOptionGroup);
        }
        _initCommandGroup(cmd) {
          this._defaultCommandGroup && !cmd.helpGroup() && cmd.helpGroup(this._defaultCommandGroup);
        }
        nameFromFilename(filename) {
          return (this._name = path.basename(filename, path.extname(filename))), this;
        }
        executableDir(path2) {
          return path2 === void 0 ? this._executableDir : ((this._executableDir = path2), this);
        }
        helpInformation(contextOptions) {
          const helper = this.createHelp(),
            context = this._getOutputContext(contextOptions);
          helper.prepareContext({
            error: context.error,
            helpWidth: context.helpWidth,
            outputHasColors: context.hasColors,
          });
          const text = helper.formatHelp(this, helper);
          return context.hasColors ? text : this._outputConfiguration.stripColor(text);
        }
        _getOutputContext(contextOptions) {
          contextOptions = contextOptions || {};
          let error = !!contextOptions.error,
            baseWrite,
            hasColors,
            helpWidth;
          return (
            error
              ? ((baseWrite = (str) => this._outputConfiguration.writeErr(str)),
                (hasColors = this._outputConfiguration.getErrHasColors()),
                (helpWidth = this._outputConfiguration.getErrHelpWidth()))
              : ((baseWrite = (str) => this._outputConfiguration.writeOut(str)),
                (hasColors = this._outputConfiguration.getOutHasColors()),
                (helpWidth = this._outputConfiguration.getOutHelpWidth())),
            {
              error,
              write: (str) => (hasColors || (str = this._outputConfiguration.stripColor(str)), baseWrite(str)),
              hasColors,
              helpWidth,
            }
          );
        }
        outputHelp(contextOptions) {
          let deprecatedCallback;
          typeof contextOptions == "function" && ((deprecatedCallback = contextOptions), (contextOptions = void 0));
          const outputContext = this._getOutputContext(contextOptions),
            eventContext = { error: outputContext.error, write: outputContext.write, command: this };
          this._getCommandAndAncestors()
            .reverse()
            .forEach((command) => command.emit("beforeAllHelp", eventContext)),
            this.emit("beforeHelp", eventContext);
          let helpInformation = this.helpInformation({ error: outputContext.error });
          if (
            deprecatedCallback &&
            ((helpInformation = deprecatedCallback(helpInformation)),
            typeof helpInformation != "string" && !Buffer.isBuffer(helpInformation))
          )
            throw new Error("outputHelp callback must return a string or a Buffer");
          outputContext.write(helpInformation),
            this._getHelpOption()?.long && this.emit(this._getHelpOption().long),
            this.emit("afterHelp", eventContext),
            this._getCommandAndAncestors().forEach((command) => command.emit("afterAllHelp", eventContext));
        }
        helpOption(flags, description) {
          return typeof flags == "boolean"
            ? (flags
                ? (this._helpOption === null && (this._helpOption = void 0),
                  this._defaultOptionGroup && this._initOptionGroup(this._getHelpOption()))
                : (this._helpOption = null),
              this)
            : ((this._helpOption = this.createOption(flags ?? "-h, --help", description ?? "display help for command")),
              (flags || description) && this._initOptionGroup(this._helpOption),
              this);
        }
        _getHelpOption() {
          return this._helpOption === void 0 && this.helpOption(void 0, void 0), this._helpOption;
        }
        addHelpOption(option) {
          return (this._helpOption = option), this._initOptionGroup(option), this;
        }
        help(contextOptions) {
          this.outputHelp(contextOptions);
          let exitCode = Number(process2.exitCode ?? 0);
          exitCode === 0 &&
            contextOptions &&
            typeof contextOptions != "function" &&
            contextOptions.error &&
            (exitCode = 1),
            this._exit(exitCode, "commander.help", "(outputHelp)");
        }
        addHelpText(position, text) {
          const allowedValues = ["beforeAll", "before", "after", "afterAll"];
          if (!allowedValues.includes(position))
            throw new Error(`Unexpected value for position to addHelpText.
Expecting one of '${allowedValues.join("', '")}'`);
          const helpEvent = `${position}Help`;
          return (
            this.on(helpEvent, (context) => {
              let helpStr;
              typeof text == "function"
                ? (helpStr = text({ error: context.error, command: context.command }))
                : (helpStr = text),
                helpStr &&
                  context.write(`${helpStr}
`);
            }),
            this
          );
        }
        _outputHelpIfRequested(args) {
          const helpOption = this._getHelpOption();
          helpOption &&
            args.find((arg) => helpOption.is(arg)) &&
            (this.outputHelp(), this._exit(0, "commander.helpDisplayed", "(outputHelp)"));
        }
      };
    function incrementNodeInspectorPort(args) {
      return args.map((arg) => {
        if (!arg.startsWith("--inspect")) return arg;
        let debugOption,
          debugHost = "127.0.0.1",
          debugPort = "9229",
          match;
        return (
          (match = arg.match(/^(--inspect(-brk)?)$/)) !== null
            ? (debugOption = match[1])
            : (match = arg.match(/^(--inspect(-brk|-port)?)=([^:]+)$/)) !== null
              ? ((debugOption = match[1]), /^\d+$/.test(match[3]) ? (debugPort = match[3]) : (debugHost = match[3]))
              : (match = arg.match(/^(--inspect(-brk|-port)?)=([^:]+):(\d+)$/)) !== null &&
                ((debugOption = match[1]), (debugHost = match[3]), (debugPort = match[4])),
          debugOption && debugPort !== "0" ? `${debugOption}=${debugHost}:${parseInt(debugPort) + 1}` : arg
        );
      });
    }
    function useColor() {
      if (process2.env.NO_COLOR || process2.env.FORCE_COLOR === "0" || process2.env.FORCE_COLOR === "false") return !1;
      if (process2.env.FORCE_COLOR || process2.env.CLICOLOR_FORCE !== void 0) return !0;
    }
    exports.Command = Command2;
    exports.useColor = useColor;
  },
});
var require_commander = __commonJS({
  "node_modules/commander/index.js"(exports) {
    var { Argument: Argument2 } = require_argument(),
      { Command: Command2 } = require_command(),
      { CommanderError: CommanderError2, InvalidArgumentError: InvalidArgumentError2 } = require_error(),
      { Help: Help2 } = require_help(),
      { Option: Option2 } = require_option();
    exports.program = new Command2();
    exports.createCommand = (name) => new Command2(name);
    exports.createOption = (flags, description) => new Option2(flags, description);
    exports.createArgument = (name, description) => new Argument2(name, description);
    exports.Command = Command2;
    exports.Option = Option2;
    exports.Argument = Argument2;
    exports.Help = Help2;
    exports.CommanderError = CommanderError2;
    exports.InvalidArgumentError = InvalidArgumentError2;
    exports.InvalidOptionArgumentError = InvalidArgumentError2;
  },
});
var import_index = __toESM(require_commander(), 1),
  {
    program,
    createCommand,
    createArgument,
    createOption,
    CommanderError,
    InvalidArgumentError,
    InvalidOptionArgumentError,
    Command,
    Argument,
    Option,
    Help,
  } = import_index.default;
function action(load) {
  return async (...args) => {
    const command = args.at(-1),
      options = { ...command.optsWithGlobals(), args: command.args },
      module = await load();
    process.exitCode = await module.run(options);
  };
}
var program2 = new Command()
  .name("skein")
  .description("One AI agent in Telegram, Slack and Discord at once.")
  .version(package_default.version, "-V, --version")
  .option("-c, --config <file>", "config file (default: $SKEIN_CONFIG or $SKEIN_HOME/config.json)")
  .showHelpAfterError();
program2
  .command("start")
  .description("run the daemon: every channel whose credentials are configured")
  .action(action(() => import("./chunks/start-XQGRFMYD.js")));
program2
  .command("init")
  .description("set skein up: model endpoint and key, channel tokens, your id; writes config.json, seeds the workspace")
  .option("-y, --yes", "ask nothing: take the answers from these flags, the environment and .env")
  .option("--model <name>", "model name (agents.defaults.model)")
  .option("--base-url <url>", "OpenAI-compatible endpoint (providers.openai.base_url)")
  .option("--api-key <key>", "API key (providers.openai.api_key; OPENAI_API_KEY works too)")
  .option("--allow-from <ids>", "your own ids, comma-separated, for each channel's allow_from")
  .option("--no-verify", "skip checking the endpoint and the channel credentials")
  .action(action(() => import("./chunks/init-M7XE7MNF.js")));
program2
  .command("chat")
  .description("talk to the agent in the terminal (reads lines from stdin)")
  .option("-m, --message <text>", "send one message, print the reply and exit")
  .option("--agent <id>", "talk to this agent of agents.list (default: the one the bindings give the terminal)")
  .action(action(() => import("./chunks/chat-PCKR6BIK.js")));
program2
  .command("tools")
  .description("list the tools the agent can call (built-in and MCP)")
  .option("--json", "print JSON for scripts")
  .action(action(() => import("./chunks/tools-XXOBM5PZ.js")));
var config = program2.command("config").description("inspect the configuration");
config
  .command("check")
  .description("validate the configuration and show what is enabled")
  .option("--json", "print JSON for scripts")
  .action(action(() => import("./chunks/config-check-JYIK7AJW.js")));
var agents = program2.command("agents").description("several agents: who answers where");
agents
  .command("list")
  .description("list the agents (workspace, model, tools), their bindings and the chats each has served")
  .option("--json", "print JSON for scripts")
  .action(action(() => import("./chunks/agents-list-DGNXAA6K.js")));
var pairing = program2.command("pairing").description("let new people talk to the bot");
pairing
  .command("list")
  .description("list pending pairing codes and approved senders")
  .option("--json", "print JSON for scripts")
  .action(action(() => import("./chunks/pairing-list-JBOVYV6I.js")));
pairing
  .command("approve <channel> <code>")
  .description("approve the sender who received this pairing code")
  .action(action(() => import("./chunks/pairing-approve-3VDAWAX5.js")));
pairing
  .command("revoke <channel> <sender>")
  .description("stop an approved sender (id or @username) from talking to the bot")
  .action(action(() => import("./chunks/pairing-revoke-C5SBDX24.js")));
var schedule = program2.command("schedule").description("reminders and recurring tasks the agent scheduled");
schedule
  .command("list")
  .description("list the scheduled jobs, their next run and target")
  .option("--json", "print JSON for scripts")
  .action(action(() => import("./chunks/schedule-list-FTW4C2YP.js")));
schedule
  .command("remove <id>")
  .description("remove a scheduled job")
  .action(action(() => import("./chunks/schedule-remove-PUBVHOS6.js")));
var skills = program2
  .command("skills")
  .description("skills: SKILL.md folders of instructions (and scripts) the agent follows");
skills
  .command("list")
  .description(
    "list the skills found, their folder and status (ready, missing bins or env, wrong os, disabled, invalid, shadowed)",
  )
  .option("--json", "print JSON for scripts")
  .action(action(() => import("./chunks/skills-list-CMJDSDWB.js")));
skills
  .command("check <folder>")
  .description("validate one skill folder and print what the model would see")
  .action(action(() => import("./chunks/skills-check-T6GRO3VI.js")));
skills
  .command("add <source>")
  .description("install a skill from a folder, a .zip, a .tar.gz or a git URL into <workspace>/skills/<name>/")
  .option("-y, --yes", "install without asking for confirmation")
  .option("--force", "replace an installed skill of the same name")
  .action(action(() => import("./chunks/skills-add-PGHZPTFR.js")));
skills
  .command("remove <name>")
  .description("remove the skill <workspace>/skills/<name>/")
  .action(action(() => import("./chunks/skills-remove-LX2AHD33.js")));
var mcp = program2.command("mcp").description("Model Context Protocol servers");
mcp
  .command("check")
  .description("connect to each configured MCP server and report what it offers")
  .action(action(() => import("./chunks/mcp-check-4LNTIVJK.js")));
program2
  .command("doctor")
  .description("check config, workspace, LLM endpoint, channel credentials and MCP servers")
  .option("--json", "print JSON for scripts")
  .action(action(() => import("./chunks/doctor-4UVGMB4L.js")));
program2
  .command("usage")
  .description("tokens and cost of the model calls, by chat, user, model or agent")
  .option("--since <date>", "from this day on, YYYY-MM-DD in UTC (default: the first of this month)")
  .option("--by <grouping>", "group by chat, user, model or agent", "model")
  .option("--json", "print JSON")
  .action(action(() => import("./chunks/usage-EKCRDM2Y.js")));
program2
  .command("dashboard")
  .description("print a one-time login link to the dashboard (the daemon's web UI)")
  .option("--open", "also open the link in the browser")
  .option("--revoke-all", "end every dashboard session (every browser must log in again)")
  .action(action(() => import("./chunks/dashboard-SXLJSKBS.js")));
program2
  .command("status")
  .description("show the running daemon's channels, uptime, sessions and turns")
  .option("--json", "print JSON for scripts")
  .action(action(() => import("./chunks/status-4FTR7ELM.js")));
try {
  await program2.parseAsync();
} catch (error) {
  process.stderr.write(`skein: ${error instanceof Error ? error.message : String(error)}
`),
    (process.exitCode = 1);
}
//# sourceMappingURL=cli.js.map
