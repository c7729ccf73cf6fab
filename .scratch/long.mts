import { mkdtempSync } from "node:fs";
const { soak } = await import("/work/main/bench/soak.js");
