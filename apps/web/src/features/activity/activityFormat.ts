import {
  activityActionLabels,
  projectRoleLabels,
  projectRoles,
  type ActivityEntry,
  type ProjectRole,
} from '@clearroom/contracts';

/** When, as people in the UK write it with the time: 26/11/2026, 14:05 ('—' if unreadable). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString('en-GB', { dateStyle: 'short', timeStyle: 'short' });
}

function text(value: unknown): string | null {
  if (typeof value === 'string' && value.trim()) return value;
  if (typeof value === 'number') return String(value);
  return null;
}

function roleLabel(value: unknown): string | null {
  return projectRoles.includes(value as ProjectRole)
    ? projectRoleLabels[value as ProjectRole]
    : null;
}

/** The action as the table shows it ('Document viewed'), or the raw action if unknown. */
export function actionLabel(action: string): string {
  return (activityActionLabels as Record<string, string>)[action] ?? action;
}

/** Who did it: the username, or 'System' for what no person did (an analysis failure). */
export function actorLabel(entry: ActivityEntry): string {
  return entry.actor?.username ?? 'System';
}

/** What else the entry says, in one line (the question asked, the new name, …), or null. */
export function describeActivity(entry: ActivityEntry): string | null {
  const details = entry.details ?? {};
  switch (entry.action) {
    case 'question.asked': {
      const question = text(details['question']);
      return question ? `“${question}”` : null;
    }
    case 'project.renamed': {
      const [from, to] = [text(details['from']), text(details['to'])];
      return from && to ? `${from} → ${to}` : (to ?? null);
    }
    case 'project.details_edited': {
      const fields = Array.isArray(details['fields'])
        ? details['fields'].filter((field): field is string => typeof field === 'string')
        : [];
      return fields.length ? `Fields: ${fields.join(', ')}` : null;
    }
    case 'member.added':
    case 'member.removed': {
      const username = text(details['username']);
      const role = roleLabel(details['role']);
      return username ? (role ? `${username} (${role})` : username) : null;
    }
    case 'member.role_changed': {
      const username = text(details['username']);
      const [before, after] = [roleLabel(details['previousRole']), roleLabel(details['role'])];
      if (!username) return null;
      return before && after ? `${username}: ${before} → ${after}` : username;
    }
    case 'review.run':
    case 'review.exported': {
      const name = text(details['name']);
      const format = text(details['format']);
      return name ? (format ? `${name} (${format.toUpperCase()})` : name) : null;
    }
    case 'clauses.exported': {
      const format = text(details['format']);
      return format ? format.toUpperCase() : null;
    }
    case 'document.analysis_failed':
      return text(details['reason']);
    case 'project.deleted': {
      const name = text(details['name']);
      const count = details['documentCount'];
      return name && typeof count === 'number'
        ? `${name} (${count} document${count === 1 ? '' : 's'})`
        : name;
    }
    case 'project.created':
    case 'document.uploaded':
    case 'document.deleted':
    case 'document.viewed':
    case 'document.downloaded':
    case 'deal_details.extracted':
      return null;
  }
}
