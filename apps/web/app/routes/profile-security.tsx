export default function Page() {
  return <h1>profile-security</h1>;
}
