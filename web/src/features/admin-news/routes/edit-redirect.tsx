import { Navigate, useParams } from "react-router";
import { paths } from "@shared/paths";

/** /admin/news/{id}/edit (the article page's spelling) → /admin/news/edit/{id}. */
export function Component() {
  const { id = "" } = useParams();
  return <Navigate to={paths.adminNewsEdit(encodeURIComponent(id))} replace />;
}
