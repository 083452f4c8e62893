import { rmSync } from 'node:fs';
import path from 'node:path';

/** Each run starts with an empty screenshots folder, so every picture there is from this run. */
export default function globalSetup(): void {
  rmSync(path.resolve(import.meta.dirname, 'screenshots'), { recursive: true, force: true });
}
