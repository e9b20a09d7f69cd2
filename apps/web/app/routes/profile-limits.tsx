export default function Page() {
  return <h1>profile-limits</h1>;
}
