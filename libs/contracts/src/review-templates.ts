import type { ReviewColumnType, ReviewTemplate } from './reviews.js';

const column = (label: string, question: string, type: ReviewColumnType) => ({
  label,
  question,
  type,
});

/** The templates every user has; a user's own templates are listed after them. */
export const BUILT_IN_REVIEW_TEMPLATES: ReviewTemplate[] = [
  {
    id: 'builtin:ma-contract-review',
    name: 'M&A contract review',
    builtIn: true,
    columns: [
      column('Parties', 'Who are the parties to the agreement?', 'parties'),
      column('Agreement date', 'What is the date of the agreement?', 'date'),
      column('Expiration', 'When does the agreement expire or its term end?', 'date'),
      column(
        'Renewal',
        'Does the agreement renew automatically, and for what renewal term?',
        'duration',
      ),
      column('Governing law', 'Which state or country’s law governs the agreement?', 'place'),
      column(
        'Change of control',
        'Does a change of control, merger or acquisition allow termination or need consent?',
        'yes_no',
      ),
      column(
        'Anti-assignment',
        'Is assignment of the agreement prohibited without the consent of the other party?',
        'yes_no',
      ),
      column('Exclusivity', 'Is there an exclusive or exclusivity commitment?', 'yes_no'),
      column('Non-compete', 'Is a party restricted from competing (non-compete)?', 'yes_no'),
      column('Cap on liability', 'Is there a cap on liability, and what is the amount?', 'money'),
      column(
        'Termination for convenience',
        'Can a party terminate the agreement for convenience or without cause on notice?',
        'yes_no',
      ),
      column('MFN', 'Is there a most favored nation clause on price or terms?', 'yes_no'),
    ],
  },
  {
    id: 'builtin:commercial-terms',
    name: 'Commercial terms',
    builtIn: true,
    columns: [
      column('Minimum commitment', 'Is there a minimum purchase or minimum commitment?', 'yes_no'),
      column('Price restrictions', 'Are price increases restricted or prices fixed?', 'yes_no'),
      column('Revenue sharing', 'Is revenue or profit shared, and at what percentage?', 'text'),
      column('Audit rights', 'Does a party have the right to audit books and records?', 'yes_no'),
      column('Insurance', 'What insurance must a party maintain?', 'clause'),
      column('Warranty duration', 'How long does the warranty last?', 'duration'),
    ],
  },
  {
    id: 'builtin:lease-abstract',
    name: 'Lease abstract',
    builtIn: true,
    columns: [
      column('Landlord', 'Who is the landlord (lessor)?', 'parties'),
      column('Tenant', 'Who is the tenant (lessee)?', 'parties'),
      column('Premises', 'What premises are leased?', 'text'),
      column('Term', 'What is the term of the lease?', 'duration'),
      column('Rent', 'What is the rent payable?', 'money'),
      column(
        'Renewal options',
        'Does the tenant have an option to renew or extend the lease?',
        'clause',
      ),
      column('Break rights', 'Can the lease be terminated early (break right)?', 'clause'),
      column(
        'Assignment and subletting',
        'May the tenant assign the lease or sublet the premises?',
        'clause',
      ),
      column('Repair obligations', 'Who must repair and maintain the premises?', 'clause'),
    ],
  },
];
