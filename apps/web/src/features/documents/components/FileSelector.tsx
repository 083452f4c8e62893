import { FILE_PICKER_ACCEPT, type UploadLimits } from '@clearroom/contracts';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import FolderOpenOutlined from '@mui/icons-material/FolderOpenOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';

type FileSelectorProps = {
  onFiles: (files: File[]) => void;
  /** The server's limits, stated under the zone. */
  limits: UploadLimits;
  disabled?: boolean;
};

/**
 * Where files are chosen: a drop zone (click or Enter opens the picker too) and a 'Choose
 * Files' button. The picker offers the supported types only; a drop takes anything, and the
 * server decides (spec §5).
 */
export function FileSelector({ onFiles, limits, disabled = false }: FileSelectorProps) {
  const input = useRef<HTMLInputElement>(null);
  // dragenter/dragleave also fire over the zone's children: count them to know when it is left.
  const [dragDepth, setDragDepth] = useState(0);
  const hintId = useId();
  const dragging = dragDepth > 0 && !disabled;

  const browse = () => {
    if (!disabled) input.current?.click();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      browse();
    }
  };

  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragDepth(0);
    if (!disabled) onFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <Box>
      <Box
        role="button"
        tabIndex={disabled ? -1 : 0}
        aria-disabled={disabled || undefined}
        aria-describedby={hintId}
        data-dragging={dragging || undefined}
        onClick={browse}
        onKeyDown={onKeyDown}
        onDragEnter={(event) => {
          event.preventDefault();
          setDragDepth((depth) => depth + 1);
        }}
        onDragOver={onDragOver}
        onDragLeave={() => setDragDepth((depth) => Math.max(0, depth - 1))}
        onDrop={onDrop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.selected' : 'background.default',
          borderRadius: 2,
          px: 2,
          py: { xs: 3, sm: 5 },
          textAlign: 'center',
          cursor: disabled ? 'default' : 'pointer',
          opacity: disabled ? 0.6 : 1,
          transition: 'border-color 150ms, background-color 150ms',
          '&:hover': disabled ? undefined : { borderColor: 'primary.light' },
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <CloudUploadOutlined
          aria-hidden
          sx={{ fontSize: 40, color: dragging ? 'primary.main' : 'text.secondary', mb: 1 }}
        />
        <Typography sx={{ fontWeight: 600 }}>Drop PDF files here</Typography>
        <Typography color="text.secondary">or click to browse files</Typography>
      </Box>
      <Typography
        id={hintId}
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block', mt: 1 }}
      >
        PDF, Word, Excel, PowerPoint, text or images; up to {limits.maxFileSizeMb} MB each,{' '}
        {limits.maxFiles === 1 ? 'one file' : `${limits.maxFiles} files`} at a time.
      </Typography>
      <Button
        variant="outlined"
        startIcon={<FolderOpenOutlined />}
        onClick={browse}
        disabled={disabled}
        sx={{ mt: 2 }}
      >
        Choose Files
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        accept={FILE_PICKER_ACCEPT}
        hidden
        data-testid="file-input"
        onChange={(event) => {
          onFiles(Array.from(event.target.files ?? []));
          // Choosing the same file again must fire another change.
          event.target.value = '';
        }}
      />
    </Box>
  );
}
