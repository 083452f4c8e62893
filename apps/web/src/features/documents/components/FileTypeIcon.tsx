import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import SlideshowOutlined from '@mui/icons-material/SlideshowOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import TextSnippetOutlined from '@mui/icons-material/TextSnippetOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import { fileKind, type FileKind } from '../fileTypes';

const iconByKind: Record<FileKind, { Icon: ComponentType<SvgIconProps>; color: string }> = {
  pdf: { Icon: PictureAsPdfOutlined, color: '#c62828' },
  word: { Icon: DescriptionOutlined, color: '#1565c0' },
  excel: { Icon: TableChartOutlined, color: '#2e7d32' },
  powerpoint: { Icon: SlideshowOutlined, color: '#d84315' },
  image: { Icon: ImageOutlined, color: '#6a1b9a' },
  text: { Icon: TextSnippetOutlined, color: '#546e7a' },
  other: { Icon: InsertDriveFileOutlined, color: '#78909c' },
};

/** A decorative icon for the file's family (PDF, Word, Excel, PowerPoint, image, text, other). */
export function FileTypeIcon({ mimetype, name }: { mimetype: string; name?: string }) {
  const kind = fileKind(mimetype, name);
  const { Icon, color } = iconByKind[kind];
  return <Icon aria-hidden data-kind={kind} sx={{ color, flexShrink: 0 }} />;
}
