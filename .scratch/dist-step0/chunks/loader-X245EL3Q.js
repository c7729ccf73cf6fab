#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import {
  channelsShape,
  configuredChannels,
  loadChannelFactory,
  noChannelText,
  platformChannel,
  platformChannels,
  receivingLeaseName,
  settingsOf,
  terminalChannel,
} from "./chunk-PSIFTLKK.js";
import "./chunk-BPOSQNOK.js";
import "./chunk-GZ7VATWC.js";
export {
  channelsShape,
  configuredChannels,
  loadChannelFactory,
  noChannelText,
  platformChannel,
  platformChannels,
  receivingLeaseName,
  settingsOf,
  terminalChannel,
};
//# sourceMappingURL=loader-X245EL3Q.js.map
