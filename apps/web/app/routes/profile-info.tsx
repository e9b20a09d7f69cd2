export default function Page() {
  return <h1>profile-info</h1>;
}
