import { useState } from 'react';
import { MAX_PICTURE_BYTES, PICTURE_SIZE_MESSAGE } from '../../../common/constants.js';
import {
  SITE_PICTURE_KINDS,
  SITE_PICTURE_RESET_MESSAGE,
  SITE_PICTURE_SAVED_MESSAGE,
  SITE_PICTURES,
  type SitePictureKind,
  type SitePictures,
} from '../../../common/schemas/site-pictures.js';
import { adminRequest } from '../admin-shell/admin-request.js';
import { useFlash } from '../admin-shell/flash.js';
import { refusalProblems } from '../forms/field-errors.js';
import { FormField } from '../forms/form-field.js';
import { PictureInput } from '../forms/picture-input.js';

const LIMIT = { maxBytes: MAX_PICTURE_BYTES, message: PICTURE_SIZE_MESSAGE };
const isUploaded = (address: string | null) => Boolean(address?.startsWith('/assets/'));
const FORMATS_HINT = 'PNG, JPEG, GIF or WebP, at most 2 MB.';
/** What a picture is for, where its label does not say it all. */
const PURPOSES: Partial<Record<SitePictureKind, string>> = {
  signature: "Printed above the signatory's name on certificates (set the signatory in Certificates above).",
};

/** Logo, header image and home cover picture: each uploaded on its own, with a preview, or reset to the built-in one. */
export function SitePicturesCard({ initial }: { initial: SitePictures }) {
  const flash = useFlash();
  const [pictures, setPictures] = useState(initial);
  const [chosen, setChosen] = useState<Partial<Record<SitePictureKind, File>>>({});
  const [problems, setProblems] = useState<Partial<Record<SitePictureKind, string>>>({});
  // A new key after each save empties the file field and its preview.
  const [generation, setGeneration] = useState(0);

  function choose(kind: SitePictureKind, file: File | null, problem: string) {
    setChosen((current) => ({ ...current, [kind]: file ?? undefined }));
    setProblems((current) => ({ ...current, [kind]: problem }));
  }

  async function save(kind: SitePictureKind, reset: boolean) {
    const file = chosen[kind];
    if (!reset && !file) return setProblems((current) => ({ ...current, [kind]: 'Choose a picture to upload' }));
    const body = new FormData();
    if (file) body.append('imgFile', file);
    const url = `/api/admin/site-pictures/${kind}`;
    const result = await adminRequest<SitePictures>(url, reset ? { method: 'DELETE' } : { method: 'POST', body });
    if (!result.ok) {
      const refused = refusalProblems(result, ['imgFile'], {
        codeFields: { invalid_file: 'imgFile', file_too_large: 'imgFile' },
      });
      return setProblems((current) => ({ ...current, [kind]: refused.fields.imgFile ?? refused.form }));
    }
    setPictures(result.data);
    setChosen((current) => ({ ...current, [kind]: undefined }));
    setProblems((current) => ({ ...current, [kind]: '' }));
    setGeneration((current) => current + 1);
    flash.show('success', reset ? SITE_PICTURE_RESET_MESSAGE : SITE_PICTURE_SAVED_MESSAGE);
  }

  return (
    <fieldset className="admin-card admin-form site-pictures">
      <legend>Site pictures</legend>
      <div className="form-grid">
        {SITE_PICTURE_KINDS.map((kind) => (
          <FormField
            key={`${kind}-${generation}`}
            name={`picture-${kind}`}
            label={SITE_PICTURES[kind].label}
            error={problems[kind]}
            hint={[PURPOSES[kind], FORMATS_HINT].filter(Boolean).join(' ')}
          >
            {(control) => (
              <>
                <PictureInput
                  control={control}
                  current={pictures[kind]}
                  limit={LIMIT}
                  onChoose={(file, problem) => choose(kind, file, problem)}
                  alt={`${SITE_PICTURES[kind].label} preview`}
                />
                <span className="site-picture-actions">
                  <button type="button" className="button-primary" onClick={() => save(kind, false)}>
                    Upload {SITE_PICTURES[kind].label.toLowerCase()}
                  </button>
                  {isUploaded(pictures[kind]) && (
                    <button type="button" onClick={() => save(kind, true)}>
                      {SITE_PICTURES[kind].builtIn ? 'Use the built-in one' : 'Remove it'}
                    </button>
                  )}
                </span>
              </>
            )}
          </FormField>
        ))}
      </div>
    </fieldset>
  );
}
