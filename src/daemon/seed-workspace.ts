import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { ensureWorkspaceDirectory } from "../config/workspace-dir.js";
import { workspaceTemplates } from "./workspace-templates.js";

/** Writes each template that is not there yet; says what it created and what it kept. */
export async function seedWorkspace(workspace: string): Promise<string> {
  await ensureWorkspaceDirectory(workspace);
  const created: string[] = [];
  const kept: string[] = [];
  for (const [name, text] of Object.entries(workspaceTemplates)) {
    const path = join(workspace, name);
    await mkdir(dirname(path), { recursive: true });
    const written = await writeFile(path, text, { flag: "wx" }).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code === "EEXIST") return false;
        throw error;
      },
    );
    (written ? created : kept).push(name);
  }
  return [created.length && `created ${created.join(", ")}`, kept.length && `kept ${kept.join(", ")}`]
    .filter(Boolean)
    .join("; ");
}
