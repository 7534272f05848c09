import { useState } from 'react';
import { LICENCES, OTHER_LICENCE, licenceChoice } from '../../../common/licences.js';
import type { SiteSettings } from '../../../common/schemas/settings.js';
import { FormField } from '../forms/form-field.js';

type LicenceValues = Pick<SiteSettings, 'licence_name' | 'licence_url'>;

/** The fields "Another licence" opens. */
const HAND_WRITTEN = [
  { key: 'licence_name', label: 'Licence name' },
  { key: 'licence_url', label: 'Licence URL' },
] as const;

interface LicenceFieldsProps {
  values: LicenceValues;
  onChange: (values: LicenceValues) => void;
  problems: Partial<Record<keyof LicenceValues, string>>;
}

/**
 * The journal's licence as a choice from the list, which fills in its name and address; "Another licence" opens
 * the two fields to write them by hand.
 */
export function LicenceFields({ values, onChange, problems }: LicenceFieldsProps) {
  const [other, setOther] = useState(licenceChoice(values.licence_name, values.licence_url) === OTHER_LICENCE);
  const chosen = other ? OTHER_LICENCE : licenceChoice(values.licence_name, values.licence_url);
  const known = LICENCES.find((licence) => licence.name === chosen);

  function choose(choice: string) {
    const licence = LICENCES.find((entry) => entry.name === choice);
    setOther(!licence);
    if (licence) onChange({ licence_name: licence.name, licence_url: licence.url });
  }

  return (
    <>
      <FormField
        name="licence_choice"
        label="Licence"
        hint={known?.url ? <a href={known.url}>{known.url}</a> : undefined}
      >
        {(control) => (
          <select {...control} value={chosen} onChange={(event) => choose(event.target.value)}>
            {LICENCES.map((licence) => (
              <option key={licence.name}>{licence.name}</option>
            ))}
            <option>{OTHER_LICENCE}</option>
          </select>
        )}
      </FormField>
      {other &&
        HAND_WRITTEN.map(({ key, label }) => (
          <FormField key={key} name={key} label={label} error={problems[key]}>
            {(control) => (
              <input
                {...control}
                value={values[key]}
                onChange={(event) => onChange({ ...values, [key]: event.target.value })}
              />
            )}
          </FormField>
        ))}
    </>
  );
}
