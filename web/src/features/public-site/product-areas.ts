export interface ProductArea {
  name: string;
  description: string;
  /** Whether this version of Stratum already has it (see the changelog). */
  isAvailable: boolean;
}

export interface ProductAreaGroup {
  title: string;
  areas: ProductArea[];
}

/** Every area of the product (spec §1), and whether this version already has it. */
export const PRODUCT_AREAS: ProductAreaGroup[] = [
  {
    title: 'Your workspace',
    areas: [
      {
        name: 'Sign-in and account security',
        isAvailable: true,
        description:
          'Email codes to verify an account, password reset by mailed link, sign-in lockout after repeated failures, sessions you can end.',
      },
      {
        name: 'Dashboard',
        isAvailable: true,
        description:
          'Your plan and usage, your projects and the recent activity of your account in one place.',
      },
      {
        name: 'Profile',
        isAvailable: true,
        description:
          'Your name, designation and avatar, and a password change that signs out your other sessions.',
      },
      {
        name: 'Command palette',
        isAvailable: true,
        description: 'Ctrl+K reaches every page and the common actions from the keyboard.',
      },
      {
        name: 'Messages',
        isAvailable: false,
        description:
          'An inbox for messages from staff and from the contact form, with an unread count in the header.',
      },
    ],
  },
  {
    title: 'Plan and build',
    areas: [
      {
        name: 'Planner',
        isAvailable: false,
        description:
          'Seven steps: cloud provider, services, architecture board, naming convention, file structure, code generation and deployment.',
      },
      {
        name: 'Code generation',
        isAvailable: false,
        description:
          'Terraform for AWS, Azure, Google Cloud and Oracle Cloud; Bicep and ARM templates for Azure — deterministic and schema-checked.',
      },
      {
        name: 'IaC converter',
        isAvailable: false,
        description: 'Translate infrastructure-as-code between formats and clouds.',
      },
      {
        name: 'Deployment',
        isAvailable: false,
        description:
          'Run what you generated through a pipeline or onto a Kubernetes cluster, with logs and rollback.',
      },
      {
        name: 'Tags',
        isAvailable: false,
        description: 'Consistent tags across resources and projects.',
      },
    ],
  },
  {
    title: 'Operate',
    areas: [
      {
        name: 'Costing',
        isAvailable: false,
        description: 'Estimates for the three large cloud providers before you deploy.',
      },
      {
        name: 'Drift detector',
        isAvailable: false,
        description: 'Differences between what you designed and what is running.',
      },
      {
        name: 'Asset inventory',
        isAvailable: false,
        description: 'Every resource you own, across clouds, in one list.',
      },
      {
        name: 'CMDB',
        isAvailable: false,
        description: 'A dependency graph explorer for your configuration items.',
      },
      {
        name: 'Monitoring',
        isAvailable: false,
        description: 'Health and metrics of what you run.',
      },
      { name: 'Audit', isAvailable: false, description: 'Who changed what, and when.' },
      {
        name: 'Kubernetes adapter',
        isAvailable: false,
        description: 'Browse clusters, watch resources, stream pod logs, apply manifests.',
      },
    ],
  },
  {
    title: 'Everyday tools',
    areas: [
      {
        name: 'API client',
        isAvailable: false,
        description:
          'Send HTTP requests from the server with collections, retries and code snippets.',
      },
      {
        name: 'Tools',
        isAvailable: false,
        description: 'File difference checker, JWT token extractor, Base64 encode and decode.',
      },
      {
        name: 'Forums',
        isAvailable: false,
        description: 'Questions and answers among the users of your instance.',
      },
      {
        name: 'Assistant',
        isAvailable: false,
        description: 'An optional chat assistant, when the operator connects a language model.',
      },
    ],
  },
  {
    title: 'Administration',
    areas: [
      {
        name: 'Subscription plans',
        isAvailable: false,
        description:
          'Free, Pro, Ultra Pro and Enterprise plans with generation and project limits, vouchers and upgrade requests.',
      },
      {
        name: 'Admin panel',
        isAvailable: false,
        description:
          'For owners, admins, moderators and helpers: users, plans, vouchers, requests and site notices.',
      },
      {
        name: 'Changelog',
        isAvailable: true,
        description: 'What changed in each version, on the public site and inside the app.',
      },
    ],
  },
];
