export default function Page() {
  return <h1>profile-index</h1>;
}
