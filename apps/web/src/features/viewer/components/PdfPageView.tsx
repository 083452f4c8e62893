import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import {
  getDocument,
  GlobalWorkerOptions,
  TextLayer,
  type PDFDocumentProxy,
  type RenderTask,
} from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { highlightQuote } from '../highlightQuote';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Pages are drawn to fit the panel's width (times the zoom), within these scale bounds. */
const MIN_SCALE = 0.2;
const MAX_SCALE = 5;
/** Panel padding on each side of the page. */
const GUTTER_PX = 16;

export type PdfPageViewProps = {
  /** The signed URL of the PDF. */
  url: string;
  pageNumber: number;
  /** 1 fits the page to the panel's width. */
  zoom?: number;
  /** The quote to highlight on this page. */
  quote?: string;
  onLoaded: (pageCount: number) => void;
  onError: () => void;
};

/**
 * One page of a PDF with pdf.js: the canvas, and the text layer over it with the cited quote
 * highlighted and scrolled into view. Loaded lazily, so pdf.js is downloaded only when a PDF is
 * opened.
 */
export default function PdfPageView({
  url,
  pageNumber,
  zoom = 1,
  quote,
  onLoaded,
  onError,
}: PdfPageViewProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const pageHostRef = useRef<HTMLDivElement>(null);
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [width, setWidth] = useState(0);
  const [renderedKey, setRenderedKey] = useState<string | null>(null);
  const reportLoaded = useEffectEvent(onLoaded);
  const reportError = useEffectEvent(onError);

  // The panel's width (it changes as the divider is dragged): pages are redrawn to fit it.
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const measure = () => setWidth(Math.max(0, Math.floor(frame.clientWidth - 2 * GUTTER_PX)));
    measure();
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(measure, 120);
    });
    observer.observe(frame);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, []);

  useEffect(() => {
    const task = getDocument({ url, enableXfa: false });
    let cancelled = false;
    task.promise.then(
      (document) => {
        if (cancelled) return;
        setPdf(document);
        reportLoaded(document.numPages);
      },
      () => {
        if (!cancelled) reportError();
      },
    );
    return () => {
      cancelled = true;
      setPdf(null);
      void task.destroy();
    };
  }, [url]);

  const renderKey = `${pageNumber}:${width}:${zoom}:${quote ?? ''}`;

  useEffect(() => {
    const host = pageHostRef.current;
    if (!pdf || !host || width === 0) return;
    let cancelled = false;
    let renderTask: RenderTask | undefined;
    let textLayer: TextLayer | undefined;

    const draw = async () => {
      const page = await pdf.getPage(Math.min(Math.max(1, pageNumber), pdf.numPages));
      if (cancelled) return;
      const natural = page.getViewport({ scale: 1 });
      const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, (zoom * width) / natural.width));
      const viewport = page.getViewport({ scale });
      const outputScale = window.devicePixelRatio || 1;

      const pageDiv = document.createElement('div');
      pageDiv.className = 'pdf-page';
      pageDiv.style.width = `${Math.floor(viewport.width)}px`;
      pageDiv.style.height = `${Math.floor(viewport.height)}px`;
      pageDiv.style.setProperty('--scale-factor', String(scale));
      pageDiv.style.setProperty('--user-unit', String(page.userUnit));
      pageDiv.style.setProperty('--total-scale-factor', String(scale * page.userUnit));

      const canvas = document.createElement('canvas');
      canvas.width = Math.floor(viewport.width * outputScale);
      canvas.height = Math.floor(viewport.height * outputScale);
      canvas.style.width = `${Math.floor(viewport.width)}px`;
      canvas.style.height = `${Math.floor(viewport.height)}px`;
      canvas.setAttribute('aria-hidden', 'true');
      const textLayerDiv = document.createElement('div');
      textLayerDiv.className = 'textLayer';
      pageDiv.append(canvas, textLayerDiv);

      renderTask = page.render({
        canvas,
        viewport,
        ...(outputScale === 1 ? {} : { transform: [outputScale, 0, 0, outputScale, 0, 0] }),
      });
      await renderTask.promise;
      if (cancelled) return;

      // The same text items the server extracted the page from (default options, as it does).
      const textContent = await page.getTextContent();
      if (cancelled) return;
      host.replaceChildren(pageDiv);
      textLayer = new TextLayer({
        textContentSource: textContent,
        container: textLayerDiv,
        viewport,
      });
      await textLayer.render();
      if (cancelled) return;

      const marks = quote ? highlightQuote(textLayer.textDivs, quote) : [];
      (marks[0] ?? pageDiv).scrollIntoView?.({ block: marks[0] ? 'center' : 'start' });
      setRenderedKey(renderKey);
    };

    draw().catch((error: unknown) => {
      if (cancelled || (error as { name?: string }).name === 'RenderingCancelledException') return;
      reportError();
    });
    return () => {
      cancelled = true;
      renderTask?.cancel();
      textLayer?.cancel();
    };
  }, [pdf, pageNumber, width, zoom, quote, renderKey]);

  const busy = renderedKey !== renderKey;

  return (
    <Box ref={frameRef} sx={{ position: 'relative', minHeight: 200, px: `${GUTTER_PX}px`, py: 2 }}>
      {busy && (
        <Box
          role="status"
          aria-label="Rendering page"
          sx={{ position: 'absolute', top: 24, left: 0, right: 0, textAlign: 'center', zIndex: 2 }}
        >
          <CircularProgress size={28} />
        </Box>
      )}
      <Box ref={pageHostRef} sx={pdfPageStyles} />
    </Box>
  );
}

/**
 * The part of pdf.js's viewer CSS a page with a text layer needs (pdf_viewer.css), plus the
 * highlight: the text layer's runs are transparent text laid over the canvas.
 */
const pdfPageStyles = {
  '& .pdf-page': {
    position: 'relative',
    mx: 'auto',
    bgcolor: '#fff',
    boxShadow: 2,
    '--scale-round-x': '1px',
    '--scale-round-y': '1px',
  },
  '& .pdf-page canvas': { display: 'block' },
  '& .textLayer': {
    position: 'absolute',
    inset: 0,
    overflow: 'clip',
    opacity: 1,
    lineHeight: 1,
    textAlign: 'initial',
    letterSpacing: 'normal',
    wordSpacing: 'normal',
    textSizeAdjust: 'none',
    forcedColorAdjust: 'none',
    transformOrigin: '0 0',
    zIndex: 0,
    '--min-font-size': '1',
    '--text-scale-factor': 'calc(var(--total-scale-factor) * var(--min-font-size))',
    '--min-font-size-inv': 'calc(1 / var(--min-font-size))',
  },
  '& .textLayer :is(span, br)': {
    color: 'transparent',
    position: 'absolute',
    whiteSpace: 'pre',
    cursor: 'text',
    transformOrigin: '0% 0%',
  },
  '& .textLayer > :not(.markedContent), & .textLayer .markedContent span:not(.markedContent)': {
    zIndex: 1,
    fontSize: 'calc(var(--text-scale-factor) * var(--font-height))',
    transform:
      'rotate(var(--rotate, 0deg)) scaleX(var(--scale-x, 1)) scale(var(--min-font-size-inv))',
  },
  '& .textLayer .markedContent': { display: 'contents' },
  '& .textLayer ::selection': { background: 'rgba(0 0 255 / 0.25)' },
  '& .textLayer mark.citation-highlight': {
    color: 'transparent',
    backgroundColor: 'rgba(255 196 0 / 0.45)',
    borderRadius: '2px',
    m: 0,
    p: 0,
  },
} as const;
