import { useEffect, useState } from 'react';
import { compressImage } from '../../../lib/images';
import { FileInput } from '../../../ui/file-input';
import { stripDataUrlPrefix } from '../model';
import { PartImage } from './part-image';

/** The long side of a catalog picture: it shows as a card thumbnail and in the Part Form, never full screen. */
const CATALOG_IMAGE_SIDE = 800;

export interface ChosenImage {
  /** spec 3 §5: base64 without the data-URL prefix, as the body's base64Image. */
  base64: string;
  previewUrl: string;
  name: string;
}

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read.'));
    reader.readAsDataURL(blob);
  });
}

/**
 * The part's image: the current one (or the placeholder) until another is chosen. A chosen file is checked as every
 * upload is (spec 1 §5: JPG, JPEG or GIF by content), scaled down, and read as a data URL whose prefix is stripped.
 */
export function ImagePicker({
  currentFileName,
  image,
  onImage,
  disabled,
}: {
  currentFileName: string;
  image: ChosenImage | null;
  onImage: (image: ChosenImage | null) => void;
  disabled?: boolean;
}) {
  const [reading, setReading] = useState(false);
  useEffect(
    () => () => {
      if (image) URL.revokeObjectURL(image.previewUrl);
    },
    [image],
  );

  const onFiles = async ([accepted]: { file: File }[]) => {
    if (!accepted) return;
    setReading(true);
    try {
      const prepared = await compressImage(accepted.file, { maxSide: CATALOG_IMAGE_SIDE });
      const dataUrl = await readAsDataUrl(prepared.blob);
      onImage({ base64: stripDataUrlPrefix(dataUrl), previewUrl: URL.createObjectURL(prepared.blob), name: accepted.file.name });
    } finally {
      setReading(false);
    }
  };

  return (
    <div className="catalog-image-picker">
      <div className="catalog-image-picker__preview">
        {image ? (
          <img className="catalog-image-picker__image" src={image.previewUrl} alt={`Chosen image ${image.name}`} />
        ) : (
          <PartImage fileName={currentFileName} alt="Current image" className="catalog-image-picker__image" />
        )}
      </div>
      <div className="catalog-image-picker__controls">
        <FileInput
          label="Image"
          onFiles={(files) => void onFiles(files)}
          disabled={disabled || reading}
          hint="A JPG or GIF picture of the part."
        />
        {image && (
          <button type="button" className="button button--link" onClick={() => onImage(null)} disabled={disabled}>
            Keep the current image
          </button>
        )}
      </div>
    </div>
  );
}
