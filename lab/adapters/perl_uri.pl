# Adapter for Perl's URI module (see PROTOCOL.md).
# URI->new never refuses a string, so the verdict is: valid when the object
# it returns has a scheme (URI->new("//h/p") or "not a url" has none).
# Components come from the object's (escaped, not decoded) accessors.
use strict;
use warnings;
use JSON::PP;
use URI;

my $json = JSON::PP->new->utf8->canonical;
binmode STDIN;
binmode STDOUT;
$| = 1;

sub answer {
    my ($s) = @_;
    # URI escapes a non-ASCII character as UTF-8 only when the Perl string
    # is stored as UTF-8 (else as one Latin-1 byte); upgrading makes it
    # always UTF-8.
    utf8::upgrade($s);
    my $u = eval { URI->new($s) };
    return { valid => JSON::PP::false, error => "URI->new: $@", offset => undef }
        unless defined $u;
    return { valid => JSON::PP::false, error => "no scheme", offset => undef }
        unless defined $u->scheme;
    my %c = (scheme => $u->scheme);    # ->scheme lowercases
    if ($u->can('authority')) {
        # Split the raw authority with URI::_server's own rules (->host
        # would unescape and drop the brackets): userinfo up to the last
        # '@', port the digits after a final ':'.
        my $a = $u->authority;
        @c{qw(userinfo host port)} = (undef, undef, undef);
        if (defined $a) {
            $c{userinfo} = $1 if $a =~ s/^(.*)@//s;
            $c{port} = $1 if $a =~ s/:(\d*)\z//;
            $c{host} = $a;
        }
    }
    # ->path is not the path everywhere: URI::ftp's is path_query, and
    # mailto's is its opaque part; so the generic path where there is one,
    # otherwise the opaque part up to its query.
    if ($u->isa('URI::_generic')) {
        $c{path} = URI::_generic::path($u);
    } else {
        ($c{path} = $u->opaque) =~ s/\?.*//s;
    }
    $c{query} = scalar $u->query if $u->can('query');
    $c{fragment} = $u->fragment;
    return { valid => JSON::PP::true, components => \%c };
}

print $json->encode({
    peer => "perl-uri", version => "$URI::VERSION", call => "URI->new",
    claims => "RFC 3986", components => "raw",
    normalizes => ["scheme-case", "percent-encoding"], positions => JSON::PP::false,
}), "\n";

while (my $line = <STDIN>) {
    my $req = eval { $json->decode($line) };
    my $s = ref $req eq 'HASH' ? $req->{input} : undef;
    my $out;
    # A JSON number decodes to a Perl scalar too; only a string re-encodes
    # with a quote.
    if (!defined $s || ref $s || $json->encode([$s]) !~ /^\["/) {
        $out = { valid => JSON::PP::false, error => "bad request" };
    } else {
        $out = eval { answer("$s") }
            || { valid => JSON::PP::false, error => "adapter: $@", offset => undef };
    }
    print $json->encode($out), "\n";
}
