import { useEffect, useState, type ChangeEvent } from 'react';
import { IMAGE_ONLY_MESSAGE } from '../../../common/schemas/editor-input.js';
import type { ControlProps } from './form-field.js';

const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

interface PictureInputProps {
  control: ControlProps;
  /** The picture stored now, shown until another is chosen. */
  current: string | null;
  limit: { maxBytes: number; message: string };
  /** The chosen picture, or null with the reason it was refused (too large, not a picture). */
  onChoose: (picture: File | null, problem: string) => void;
  /** Alternative text of the preview. */
  alt: string;
}

/** A picture upload with a preview of what is stored or chosen; the server checks the picture by its content again. */
export function PictureInput({ control, current, limit, onChoose, alt }: PictureInputProps) {
  const [preview, setPreview] = useState<string | null>(null);
  // A preview's address is let go when another replaces it and when the field goes away.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    const problem = !file
      ? ''
      : file.size > limit.maxBytes
        ? limit.message
        : PICTURE_TYPES.includes(file.type)
          ? ''
          : IMAGE_ONLY_MESSAGE;
    if (problem) event.target.value = '';
    setPreview(file && !problem ? URL.createObjectURL(file) : null);
    onChoose(problem ? null : file, problem);
  }

  const shown = preview ?? current;
  return (
    <div className="picture-input">
      {shown && <img className="picture-preview" src={shown} alt={alt} />}
      <input {...control} type="file" accept={PICTURE_TYPES.join(',')} onChange={choose} />
    </div>
  );
}
