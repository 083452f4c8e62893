import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec §3 "Selected-but-not-uploaded item": the file and, for an image, a preview URL. */
export type SelectedFile = { key: number; file: File; previewUrl: string | null };

function releasePreviews(items: readonly SelectedFile[]) {
  for (const item of items) if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
}

/**
 * The files chosen for the next upload. Each image gets an object URL as its thumbnail; every
 * URL is released when its file leaves the selection or the component unmounts.
 */
export function useSelectedFiles() {
  const [selected, setSelected] = useState<SelectedFile[]>([]);
  const nextKey = useRef(1);
  const current = useRef(selected);

  useEffect(() => {
    current.current = selected;
  }, [selected]);
  useEffect(() => () => releasePreviews(current.current), []);

  const add = useCallback((files: readonly File[]) => {
    const items = files.map((file) => ({
      key: nextKey.current++,
      file,
      previewUrl: file.type.startsWith('image/') ? URL.createObjectURL(file) : null,
    }));
    setSelected((previous) => [...previous, ...items]);
  }, []);

  const remove = useCallback((key: number) => {
    releasePreviews(current.current.filter((item) => item.key === key));
    setSelected((previous) => previous.filter((item) => item.key !== key));
  }, []);

  /** Takes these files out of the selection (the ones an upload has answered for). */
  const removeFiles = useCallback((files: readonly File[]) => {
    const leaving = new Set(files);
    releasePreviews(current.current.filter((item) => leaving.has(item.file)));
    setSelected((previous) => previous.filter((item) => !leaving.has(item.file)));
  }, []);

  const clear = useCallback(() => {
    releasePreviews(current.current);
    setSelected([]);
  }, []);

  return { selected, add, remove, removeFiles, clear };
}
