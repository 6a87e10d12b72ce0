// The tool's options, drawn from its row of the declarative table (tool-options.ts).
import { isShown, type OptionField, type OptionValues, type ToolSetup } from './tool-options';

interface OptionsFormProps {
  toolId: string;
  setup: ToolSetup;
  values: OptionValues;
  problems: Readonly<Record<string, string>>;
  disabled: boolean;
  onChange(name: string, value: string): void;
}

function Control({ field, id, value, disabled, invalid, describedBy, onChange }: {
  field: OptionField;
  id: string;
  value: string;
  disabled: boolean;
  invalid: boolean;
  describedBy?: string;
  onChange(value: string): void;
}) {
  if (field.kind === 'hidden') return null;
  const common = { id, disabled, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy } as const;
  if (field.kind === 'choice') {
    if (field.choices.length <= 4) {
      return (
        <div className={`option-segments is-${field.choices.length}`} role="radiogroup" aria-labelledby={`${id}-label`}>
          {field.choices.map((choice) => (
            <label key={choice.value} className={`segment${value === choice.value ? ' is-checked' : ''}`}>
              <input type="radio" name={id} value={choice.value} checked={value === choice.value} disabled={disabled} onChange={() => onChange(choice.value)} />
              <SegmentLabel text={choice.label} />
            </label>
          ))}
        </div>
      );
    }
    return (
      <select {...common} className="option-input" value={value} onChange={(e) => onChange(e.target.value)}>
        {field.choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    );
  }
  if (field.kind === 'number') {
    return (
      <span className="option-number">
        <input
          {...common}
          className="option-input"
          type="number"
          inputMode="numeric"
          min={field.min}
          max={field.max}
          step={field.step ?? 1}
          placeholder={field.placeholder}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
        {field.unit && <span className="option-unit">{field.unit}</span>}
      </span>
    );
  }
  return (
    <input
      {...common}
      className="option-input"
      type={field.kind === 'password' ? 'password' : 'text'}
      autoComplete={field.kind === 'password' ? 'new-password' : 'off'}
      placeholder={field.placeholder}
      maxLength={field.maxLength}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** Four segments need more room than one column. */
const wide = (field: OptionField) => field.kind === 'choice' && field.choices.length === 4;

/**
 * A segment's text: "强力（体积最小）" as the choice on one line and its note under it, so narrow
 * segments (three in a 260 px column, or at 375 px) wrap between the two, never inside a word.
 */
function SegmentLabel({ text }: { text: string }) {
  const note = /^(.+?)（(.+)）$/.exec(text);
  if (!note) return <span>{text}</span>;
  return (
    <span>
      {note[1]}
      <small className="segment-note">{note[2]}</small>
    </span>
  );
}

export function OptionsForm({ toolId, setup, values, problems, disabled, onChange }: OptionsFormProps) {
  const shown = setup.fields.filter((field) => field.kind !== 'hidden' && isShown(field, values));
  if (shown.length === 0) return null;
  return (
    <fieldset className="options" disabled={disabled}>
      <legend>设置选项</legend>
      <div className="options-grid">
        {shown.map((field) => {
          const id = `opt-${toolId}-${field.name}`;
          const problem = problems[field.name];
          const note = problem ?? field.hint;
          return (
            <div key={field.name} className={`option${wide(field) ? ' is-wide' : ''}${problem ? ' has-problem' : ''}`}>
              <label className="option-label" id={`${id}-label`} htmlFor={field.kind === 'choice' && field.choices.length <= 4 ? undefined : id}>
                {field.label}
                {field.required && <span className="option-required" aria-hidden="true">*</span>}
              </label>
              <Control
                field={field}
                id={id}
                value={values[field.name] ?? ''}
                disabled={disabled}
                invalid={Boolean(problem)}
                describedBy={note ? `${id}-note` : undefined}
                onChange={(value) => onChange(field.name, value)}
              />
              {note && (
                <small id={`${id}-note`} className={problem ? 'option-problem' : 'option-hint'}>
                  {note}
                </small>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
