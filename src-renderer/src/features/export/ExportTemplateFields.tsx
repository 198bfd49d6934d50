// The export dialog's naming fields: a file-name pattern of tokens, and "a folder per source".
// Their starting values are the settings (desk.export.namePattern, desk.export.folderPerSource);
// a pattern the contract would refuse is shown as such before the export is asked for.
import { NAME_TOKENS, namePatternProblem } from '#shared/format/fileNames';

export interface ExportTemplate {
  namePattern: string;
  folderPerSource: boolean;
}

/** Why the pattern cannot be used, or null. */
export const templateProblem = (template: ExportTemplate) => namePatternProblem(template.namePattern);

export function ExportTemplateFields({ value, onChange }: { value: ExportTemplate; onChange: (next: ExportTemplate) => void }) {
  const problem = templateProblem(value);
  return (
    <fieldset className="choices">
      <legend>File names</legend>
      <label className="field">
        <span>Name pattern</span>
        <input
          type="text"
          value={value.namePattern}
          onChange={(e) => onChange({ ...value, namePattern: e.target.value })}
          spellCheck={false}
          aria-invalid={problem !== null}
          aria-describedby="export-name-tokens"
        />
      </label>
      <p id="export-name-tokens" className={problem === null ? 'muted' : 'form-error'}>
        {problem ?? `Tokens: ${NAME_TOKENS.map((t) => `{${t}}`).join(' ')}. Example: {date} {title}`}
      </p>
      <label className="choice">
        <input type="checkbox" checked={value.folderPerSource} onChange={(e) => onChange({ ...value, folderPerSource: e.target.checked })} /> Group files by show, channel or source
      </label>
    </fieldset>
  );
}
