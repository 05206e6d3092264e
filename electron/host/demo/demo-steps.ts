/**
 * The demo build, in order. Instance settings come before the pipelines (jobs read the variables); the
 * storage move comes after every git write (a moving repository is read-only).
 */
import { adminSettingsStep } from './admin-settings.js';
import { alertsStep } from './alerts.js';
import { auditCheckStep } from './audit-check.js';
import { ciPipelinesStep } from './ci-pipelines.js';
import type { DemoStep } from './demo-context.js';
import { environmentsStep } from './environments.js';
import { importRepositoryStep } from './import-repository.js';
import { mergeRequestsStep } from './merge-requests.js';
import { storageMoveStep } from './storage-move.js';
import { usersAndGroupStep } from './users-and-group.js';

export const DEMO_STEPS: readonly DemoStep[] = [
  usersAndGroupStep,
  importRepositoryStep,
  adminSettingsStep,
  mergeRequestsStep,
  ciPipelinesStep,
  environmentsStep,
  storageMoveStep,
  alertsStep,
  auditCheckStep,
];
