import type { EditorCategory } from '../constants.js';

/** An editorial-board member as GET /api/editors/ answers it (post is sanitised HTML). */
export interface Editor {
  id: number;
  name: string;
  category: EditorCategory;
  post: string;
  degree: string;
  content: string;
  email: string;
  phone: string;
  country: string;
  editor_website: string;
  picture: string | null;
  status: string;
  is_pinned: boolean;
  creation: string;
  updated_at: string;
}
