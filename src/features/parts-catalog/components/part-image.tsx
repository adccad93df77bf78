import { useCatalogImageUrl } from '../api';

/** A part's (or commodity's) picture, or the placeholder (spec 3 §3); a blank frame while it loads. */
export function PartImage({
  fileName,
  alt,
  className = 'catalog-admin__image',
}: {
  fileName: string | null | undefined;
  alt: string;
  className?: string;
}) {
  const url = useCatalogImageUrl(fileName);
  return url ? (
    <img className={className} src={url} alt={alt} width={80} height={60} loading="lazy" />
  ) : (
    <span className={`${className} ${className}--loading`} role="img" aria-label={alt} />
  );
}
