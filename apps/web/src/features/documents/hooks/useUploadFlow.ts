import { useEffect, useRef, useState } from 'react';
import { api } from '../../../api/api';
import { useAppDispatch } from '../../../app/hooks';
import { useToast } from '../../../components/toast/useToast';
import { checkUploadLimits } from '../upload/checkUploadLimits';
import {
  type FileResult,
  fileResults,
  successMessage,
  summarizeOutcomes,
} from '../upload/summarizeUpload';
import { uploadFiles } from '../upload/uploadFiles';
import { useSelectedFiles } from './useSelectedFiles';
import { useUploadLimits } from './useUploadLimits';
import { useUploadProgress } from './useUploadProgress';

/** Spec §9: how long the success message stays before the progress bar resets. */
export const UPLOAD_SUCCESS_DISPLAY_MS = 3000;

/**
 * The upload panel's state and actions (spec §4 "Upload flow"): the selection, the upload with
 * its progress, and what to tell the user afterwards.
 */
export function useUploadFlow(projectId: number) {
  const selection = useSelectedFiles();
  const limits = useUploadLimits();
  const progress = useUploadProgress();
  const [uploading, setUploading] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [results, setResults] = useState<FileResult[]>([]);
  const successTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const mounted = useRef(false);
  const dispatch = useAppDispatch();
  const { toast } = useToast();

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (successTimer.current !== null) clearTimeout(successTimer.current);
    };
  }, []);

  const addFiles = (files: readonly File[]) => {
    if (files.length === 0) return;
    selection.add(files);
    setErrors([]);
    setResults([]);
  };

  const fail = (message: string, details: readonly string[]) => {
    progress.reset();
    setErrors([message, ...details.filter((detail) => detail !== message)]);
    toast({ title: 'Upload Failed', description: message, variant: 'destructive' });
  };

  const upload = async () => {
    if (uploading) return;
    const files = selection.selected.map((item) => item.file);
    if (files.length === 0) {
      setErrors(['Please select files to upload']);
      return;
    }
    const plan = checkUploadLimits(files, limits);
    if (!plan.ok) {
      setErrors([plan.error]);
      return;
    }
    const refusedHere = plan.rejected.map((outcome) => outcome.error);
    // Once a file has its answer (refused here, or answered by the server), it leaves the
    // selection: a refused file must not go again with the next upload.
    const answered = (sent: readonly File[], sentResults: FileResult[]) => {
      const refusedFiles = files.filter((file) => !plan.toSend.includes(file));
      selection.removeFiles([...refusedFiles, ...sent]);
      setResults([...fileResults(plan.rejected), ...sentResults]);
    };
    if (plan.toSend.length === 0) {
      answered([], []);
      fail('None of the selected files can be uploaded', refusedHere);
      return;
    }

    if (successTimer.current !== null) clearTimeout(successTimer.current);
    setSuccess(null);
    setErrors([]);
    setResults([]);
    setUploading(true);
    progress.start();
    const result = await uploadFiles(projectId, plan.toSend, { onProgress: progress.reportSent });
    setUploading(false);

    if (!result.ok) {
      const outcomes = result.response?.files ?? [];
      // Without the server's answer per file (timeout, network), the selection stays to retry.
      if (result.response) answered(plan.toSend, fileResults(outcomes));
      fail(result.message, [...refusedHere, ...summarizeOutcomes(outcomes).rejections]);
      return;
    }

    const summary = summarizeOutcomes(result.response?.files ?? []);
    // An answer that is not JSON counts every file sent as uploaded (spec §7).
    const accepted = result.response ? summary.accepted : plan.toSend.length;
    progress.complete();
    answered(
      plan.toSend,
      result.response
        ? fileResults(result.response.files)
        : plan.toSend.map((file) => ({ name: file.name, outcome: 'uploaded' })),
    );
    setSuccess(successMessage(accepted, summary.duplicates));
    setErrors([...refusedHere, ...summary.rejections]);
    // The list refreshes at once rather than after the message: the files are already stored.
    dispatch(api.util.invalidateTags([{ type: 'ProjectFiles', id: projectId }, 'Stats']));

    const finish = () => {
      setSuccess(null);
      progress.reset();
      toast({ title: 'Files Uploaded', variant: 'success' });
    };
    // Left the page meanwhile: nothing on screen to wait for, say it at once.
    if (!mounted.current) finish();
    else successTimer.current = setTimeout(finish, UPLOAD_SUCCESS_DISPLAY_MS);
  };

  return {
    /** The server's upload limits (its defaults until they have loaded). */
    limits,
    selected: selection.selected,
    addFiles,
    removeFile: selection.remove,
    upload,
    uploading,
    progress: progress.progress,
    success,
    errors,
    /** Each file's outcome in the last upload that got an answer. */
    results,
  };
}
