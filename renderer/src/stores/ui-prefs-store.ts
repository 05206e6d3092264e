import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Color scheme preference; `auto` follows the operating system. */
export type ColorSchemePref = 'light' | 'dark' | 'auto';

/** Table row density. */
export type TableDensity = 'comfortable' | 'compact';

/** Client-only UI preferences, persisted in localStorage. Server state never lives here. */
export interface UiPrefsState {
  colorScheme: ColorSchemePref;
  tableDensity: TableDensity;
  projectsPerPage: number;
  /** The administrator picked a color scheme. */
  colorSchemeChosen: (colorScheme: ColorSchemePref) => void;
  /** The administrator picked a table density. */
  tableDensityChosen: (density: TableDensity) => void;
  /** The administrator changed how many projects a page shows. */
  projectsPerPageChosen: (perPage: number) => void;
}

/** localStorage key of the persisted preferences. */
export const UI_PREFS_STORAGE_KEY = 'outpost.ui-prefs';

/** UI preferences store (zustand + persist). Use selectors: `useUiPrefs((s) => s.colorScheme)`. */
export const useUiPrefs = create<UiPrefsState>()(
  persist(
    (set) => ({
      colorScheme: 'auto',
      tableDensity: 'comfortable',
      projectsPerPage: 20,
      colorSchemeChosen: (colorScheme) => set({ colorScheme }),
      tableDensityChosen: (tableDensity) => set({ tableDensity }),
      projectsPerPageChosen: (projectsPerPage) => set({ projectsPerPage }),
    }),
    {
      name: UI_PREFS_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ colorScheme, tableDensity, projectsPerPage }) => ({
        colorScheme,
        tableDensity,
        projectsPerPage,
      }),
    },
  ),
);
