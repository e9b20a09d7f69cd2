export default function Page() {
  return <h1>profile-history</h1>;
}
