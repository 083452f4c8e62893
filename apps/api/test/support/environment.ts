import { execFileSync } from 'node:child_process';

/** In CI the suites that need a server or a command must run: their absence is a failure. */
export const inCi = process.env['CI'] === 'true' || process.env['CI'] === '1';

function commandWorks(command: string): boolean {
  try {
    execFileSync(command, ['-v'], { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

/** The OCR commands of the embedded extractor that this machine lacks, with their Debian package. */
export const missingOcrCommands = [
  ['tesseract', 'tesseract-ocr'],
  ['pdftoppm', 'poppler-utils'],
]
  .filter(([command]) => !commandWorks(command!))
  .map(([command, pkg]) => `${command} (Debian: ${pkg})`);

/** LibreOffice's command, to open an exported workbook as a person's spreadsheet program would. */
export const sofficeCommand = ['soffice', 'libreoffice'].find((command) => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
});
